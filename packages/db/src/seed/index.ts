// @threadline/db/seed: the demo data, its operator, and a lexical embedder for tests and benchmarks.
export { seedDemoData, type SeedReport } from './seed-demo-data.ts'
export { indexDemoData } from './index-demo-data.ts'
export { demoBranches, demoClones, demoObservationalMemory, demoResourceIds, demoThreads, demoWorkingMemory } from './demo-data.ts'
export { demoOperator, seedDemoOperator } from './demo-operator.ts'
// once per database (a marker row), and on PostgreSQL only when asked (issue 30)
export { DEMO_SEED_MARKER, demoSeededBefore, markDemoSeeded } from './demo-seed-marker.ts'
export { DEMO_DATA_ENV, demoSeedWanted } from './demo-seed-wanted.ts'
// recorded LLM calls of the demo threads (issue 14): a retry, a repair, a rule, a failure
export { demoCalls, seedDemoCalls } from './demo-calls.ts'
// single demo conversations the end-to-end tests open by id
export { acmeDeliveryStorm } from './acme-support.ts'
export { globexCerebrasDigest } from './globex-research.ts'
export { initechIncident } from './initech-ops.ts'
export { initechRestoreDrill, RESTORE_TOOL_CALL_ID } from './initech-restore-drill.ts'
// a LEXICAL embedder (hashed word n-grams and character trigrams, no model) for tests and benchmarks; the server does not use it
export { LEXICAL_EMBEDDER_ID, lexicalEmbedder } from './lexical-embedder/lexical-embedder.ts'
