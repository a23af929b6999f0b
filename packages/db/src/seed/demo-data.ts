import type { SeedThread } from './builders.ts'
import { acmeThreads } from './acme-support.ts'
import { globexThreads } from './globex-research.ts'
import { initechThreads } from './initech-ops.ts'
import { initechRestoreDrill } from './initech-restore-drill.ts'

export { demoBranches } from './branches.ts'
export { demoClones } from './clones.ts'
export { demoObservationalMemory } from './observational-memory.ts'
export { demoWorkingMemory } from './working-memory.ts'

export const demoResourceIds = ['acme-support', 'globex-research', 'initech-ops'] as const

/** The original (non-clone) demo threads with their messages. */
export const demoThreads: SeedThread[] = [...acmeThreads, ...globexThreads, ...initechThreads, initechRestoreDrill]
