// Resources that own threads, with their thread counts: the explorer's resource filter.
import type { ResourceSummary } from '@threadline/engine/storage'
import type { Db } from '../storage/context.ts'

/** One grouped query over the threads table; only `resourceIds` when given. */
export async function listResources(db: Db, input: { resourceIds?: string[] } = {}): Promise<ResourceSummary[]> {
  const { resourceIds } = input
  const groups = await db.thread.groupBy({
    by: ['resourceId'],
    ...(resourceIds === undefined ? {} : { where: { resourceId: { in: resourceIds } } }),
    _count: { _all: true },
    orderBy: { resourceId: 'asc' },
  })
  return groups.map((group) => ({ id: group.resourceId, threadCount: group._count._all }))
}
