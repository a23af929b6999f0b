// One message's content edit against the version its caller read (messages.update):
// the owner locked FOR UPDATE as every message writer does, the branch guards
// of a delete, then one UPDATE that only matches the expected version.
import { MessageNotFoundError, MessageVersionConflictError, type StoredMessage } from '@threadline/engine'
import { requireOwnedBy } from './branches.ts'
import { atomically, type StorageContext } from './context.ts'
import { lockThreadsForWrite, rejectShared } from './message-guards.ts'
import { toMessage, type MessageRow } from './rows.ts'

type EditArgs = { threadId: string; messageId: string; content: StoredMessage['content']; expectedVersion: number }

export async function updateMessageContent(ctx: StorageContext, args: EditArgs): Promise<{ message: StoredMessage; version: number }> {
  return atomically(ctx, async (tx) => {
    const found = await tx.db.message.findUnique({ where: { id: args.messageId }, select: { id: true, threadId: true, version: true } })
    if (found === null) throw new MessageNotFoundError([args.messageId], { field: 'messageId' })
    await lockThreadsForWrite(tx.db, [found.threadId])
    await requireOwnedBy(tx.db, args.threadId, [found], 'messageId')
    await rejectShared(tx.db, [found])
    const [row] = await tx.db.$queryRaw<(MessageRow & { version: number })[]>`
      UPDATE messages SET content = ${JSON.stringify(args.content)}::jsonb, version = version + 1
      WHERE id = ${args.messageId} AND version = ${args.expectedVersion}
      RETURNING id, thread_id AS "threadId", resource_id AS "resourceId", role, content, created_at AS "createdAt", version`
    if (row === undefined) {
      // the thread is locked: the version read now is the one that refused the edit
      const current = await tx.db.message.findUniqueOrThrow({ where: { id: args.messageId }, select: { version: true } })
      throw new MessageVersionConflictError(args.messageId, args.expectedVersion, current.version)
    }
    return { message: toMessage(row), version: row.version }
  })
}

export async function getMessageVersions(ctx: StorageContext, ids: string[]): Promise<{ id: string; version: number }[]> {
  if (ids.length === 0) return []
  return ctx.db.message.findMany({ where: { id: { in: ids } }, select: { id: true, version: true } })
}
