export { seedDemoData, type SeedReport } from './seed-demo-data.ts'
export { demoClones, demoObservationalMemory, demoResourceIds, demoThreads, demoWorkingMemory } from './demo-data.ts'
export { demoOperator, seedDemoOperator } from './demo-operator.ts'
// demo only: a lexical embedder tuned to the demo data (the engine has no default embedder)
export { DEMO_LEXICAL_EMBEDDER_ID, demoLexicalEmbedder } from './demo-embedder/demo-lexical-embedder.ts'
