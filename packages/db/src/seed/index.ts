export { seedDemoData, type SeedReport } from './seed-demo-data.ts'
export { demoClones, demoObservationalMemory, demoResourceIds, demoThreads, demoWorkingMemory } from './demo-data.ts'
export { demoOperator, seedDemoOperator } from './demo-operator.ts'
