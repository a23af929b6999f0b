// The filter and order that every listing of threads shares: Memory's plain
// listing (threads.ts) and the explorer's (queries/thread-list.ts). SQL over
// `threads t`; the order names the camelCase columns the listings select.
import type { ListThreadsInput, ThreadListOrder } from '@threadline/engine/storage'
import { Prisma } from '../generated/prisma/client.ts'

/** Resource and title conditions; the title is matched as plain text (no LIKE wildcards). */
export function threadFilterConditions(input: Pick<ListThreadsInput, 'resourceId' | 'titleContains'>): Prisma.Sql[] {
  return [
    input.resourceId === undefined ? null : Prisma.sql`t.resource_id = ${input.resourceId}`,
    input.titleContains ? Prisma.sql`strpos(lower(t.title), lower(${input.titleContains})) > 0` : null,
  ].filter((condition): condition is Prisma.Sql => condition !== null)
}

export function whereSql(conditions: Prisma.Sql[]): Prisma.Sql {
  return conditions.length ? Prisma.sql`WHERE ${Prisma.join(conditions, ' AND ')}` : Prisma.empty
}

/** Newest first, ties by id. */
export function threadOrderSql(orderBy: ThreadListOrder = 'updatedAt'): Prisma.Sql {
  return Prisma.raw(orderBy === 'createdAt' ? '"createdAt" DESC, id DESC' : '"updatedAt" DESC, id DESC')
}
