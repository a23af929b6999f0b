import { router } from '../trpc.ts'
import { healthRouter } from './health.ts'
import { resourcesRouter } from './resources.ts'
import { threadsRouter } from './threads.ts'

export const appRouter = router({
  health: healthRouter,
  resources: resourcesRouter,
  threads: threadsRouter,
})

export type AppRouter = typeof appRouter
