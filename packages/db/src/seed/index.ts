// @threadline/db/seed: the demo data, its operator, and the demo-only embedder.
export { seedDemoData, type SeedReport } from './seed-demo-data.ts'
export { demoBranches, demoClones, demoObservationalMemory, demoResourceIds, demoThreads, demoWorkingMemory } from './demo-data.ts'
export { demoOperator, seedDemoOperator } from './demo-operator.ts'
// single demo conversations the end-to-end tests open by id
export { acmeDeliveryStorm } from './acme-support.ts'
export { globexCerebrasDigest } from './globex-research.ts'
export { initechIncident } from './initech-ops.ts'
export { initechRestoreDrill, RESTORE_TOOL_CALL_ID } from './initech-restore-drill.ts'
// demo only: a lexical embedder tuned to the demo data (the engine has no default embedder)
export { DEMO_LEXICAL_EMBEDDER_ID, demoLexicalEmbedder } from './demo-embedder/demo-lexical-embedder.ts'
