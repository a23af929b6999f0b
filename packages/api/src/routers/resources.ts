import { authedProcedure, router } from '../trpc.ts'

export const resourcesRouter = router({
  /** Resources that own threads (those the caller may see), with their thread counts: the explorer's resource filter. */
  list: authedProcedure.query(async ({ ctx }) => {
    const { resourceIds } = ctx.memory.scope
    return ctx.services.threadQueries.listResources(resourceIds === null ? {} : { resourceIds })
  }),
})
