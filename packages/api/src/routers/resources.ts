import { visibleResourceIds } from '../auth/caller.ts'
import { authedProcedure, router } from '../trpc.ts'

export const resourcesRouter = router({
  /** Resources that own threads (those the caller may see), with their thread counts: the explorer's resource filter. */
  list: authedProcedure.query(async ({ ctx }) => {
    const visible = visibleResourceIds(ctx.caller)
    // MemoryStorage has no resource listing yet; one grouped query over the threads table.
    const groups = await ctx.services.db.prisma.thread.groupBy({
      by: ['resourceId'],
      ...(visible === null ? {} : { where: { resourceId: { in: visible } } }),
      _count: { _all: true },
      orderBy: { resourceId: 'asc' },
    })
    return groups.map((group) => ({ id: group.resourceId, threadCount: group._count._all }))
  }),
})
