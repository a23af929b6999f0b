import { visibleResourceIds } from '../auth/caller.ts'
import { authedProcedure, router } from '../trpc.ts'

export const resourcesRouter = router({
  /** Resources that own threads (those the caller may see), with their thread counts: the explorer's resource filter. */
  list: authedProcedure.query(async ({ ctx }) => {
    const visible = visibleResourceIds(ctx.caller)
    return ctx.services.threadQueries.listResources(visible === null ? {} : { resourceIds: visible })
  }),
})
