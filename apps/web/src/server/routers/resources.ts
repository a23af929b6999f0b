import { publicProcedure, router } from '../trpc.ts'

export const resourcesRouter = router({
  /** Resources that own threads, with their thread counts: the explorer's resource filter. */
  list: publicProcedure.query(async ({ ctx }) => {
    // MemoryStorage has no resource listing yet; one grouped query over the threads table.
    const groups = await ctx.db.prisma.thread.groupBy({
      by: ['resourceId'],
      _count: { _all: true },
      orderBy: { resourceId: 'asc' },
    })
    return groups.map((group) => ({ id: group.resourceId, threadCount: group._count._all }))
  }),
})
