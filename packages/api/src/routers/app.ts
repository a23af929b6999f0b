import { router } from '../trpc.ts'
import { auditRouter } from './audit.ts'
import { authRouter } from './auth.ts'
import { branchesRouter } from './branches.ts'
import { callsRouter } from './calls.ts'
import { cloneRouter } from './clone.ts'
import { healthRouter } from './health.ts'
import { memoryRouter } from './memory.ts'
import { messagesRouter } from './messages.ts'
import { playgroundRouter } from './playground.ts'
import { recallRouter } from './recall.ts'
import { indexingRouter } from './indexing.ts'
import { resourcesRouter } from './resources.ts'
import { threadsRouter } from './threads.ts'
import { tokensRouter } from './tokens.ts'
import { workbenchRouter } from './workbench.ts'

export const appRouter = router({
  health: healthRouter,
  auth: authRouter,
  tokens: tokensRouter,
  resources: resourcesRouter,
  threads: threadsRouter,
  messages: messagesRouter,
  clone: cloneRouter,
  branches: branchesRouter,
  recall: recallRouter,
  indexing: indexingRouter,
  memory: memoryRouter,
  playground: playgroundRouter,
  workbench: workbenchRouter,
  calls: callsRouter,
  audit: auditRouter,
})

export type AppRouter = typeof appRouter
