// Test helpers for the branch operations' storage tests: branch rows written
// as the core's branchThread writes them (one INSERT ... SELECT), and the
// effective history read with the same SQL fragments the operations use, and
// the diff the engine's pure diffHistories (the definition) expects of the SQL one.
import { diffHistories, type StoredMessage } from '@threadline/engine'
import type { StoredThreadDiff } from '@threadline/engine/storage'
import { Prisma, type PrismaClient } from '../generated/prisma/client.ts'
import { branchChainCte, effectiveHistoryCte, inheritedMessagesCte } from './branch-history-sql.ts'
import { toMessage, type MessageRow } from './rows.ts'

/** A branch of `parentId` cut at `pointMessageId` (a message of the parent's effective history), its inherited count set as createBranch sets it. */
export async function insertBranchRow(prisma: PrismaClient, args: { id: string; parentId: string; pointMessageId: string }): Promise<void> {
  const { id, parentId, pointMessageId } = args
  const metadata = { branch: { sourceThreadId: parentId, branchPointMessageId: pointMessageId, branchedAt: new Date().toISOString() } }
  await prisma.$executeRaw`
    WITH RECURSIVE ${branchChainCte(Prisma.sql`ARRAY[${parentId}]::text[]`)}, ${inheritedMessagesCte}, ${effectiveHistoryCte}
    INSERT INTO threads (id, resource_id, title, metadata, branch_parent_id, branch_point_message_id, branch_point_thread_id, branch_point_created_at,
                         inherited_message_count)
    SELECT ${id}, p.resource_id, '', ${JSON.stringify(metadata)}::jsonb, p.id, m.id, m.thread_id, m.created_at, h.pos
    FROM threads p, messages m, history h WHERE p.id = ${parentId} AND m.id = ${pointMessageId} AND h.id = m.id`
}

export type MiscountedThread = { id: string; messageCount: number; ownRows: number; inheritedMessageCount: number; inheritedRows: number }

/** Every thread whose counters (message_count, inherited_message_count) differ from a recount of the rows; [] when all agree. */
export async function miscountedThreads(prisma: PrismaClient): Promise<MiscountedThread[]> {
  return prisma.$queryRaw<MiscountedThread[]>`
    WITH RECURSIVE ${branchChainCte(Prisma.sql`ARRAY(SELECT id FROM threads)`)}, ${inheritedMessagesCte},
    counted AS (
      SELECT t.id, t.message_count AS "messageCount", (SELECT count(*) FROM messages m WHERE m.thread_id = t.id)::int AS "ownRows",
             t.inherited_message_count AS "inheritedMessageCount", (SELECT count(*) FROM inherited i WHERE i.root_id = t.id)::int AS "inheritedRows"
      FROM threads t
    )
    SELECT * FROM counted WHERE "messageCount" <> "ownRows" OR "inheritedMessageCount" <> "inheritedRows" ORDER BY id`
}

/** The thread's effective history, inherited then own, overrides applied. */
export async function effectiveHistory(prisma: PrismaClient, threadId: string): Promise<StoredMessage[]> {
  const rows = await prisma.$queryRaw<MessageRow[]>`
    WITH RECURSIVE ${branchChainCte(Prisma.sql`ARRAY[${threadId}]::text[]`)}, ${inheritedMessagesCte}, ${effectiveHistoryCte}
    SELECT id, thread_id AS "threadId", resource_id AS "resourceId", role, content, created_at AS "createdAt" FROM history ORDER BY pos`
  return rows.map(toMessage)
}

export const textOf = (message: StoredMessage): string => message.content.parts.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('')

/** A diff's summary, pages aside: what the SQL diff and the pure definition must agree on (messages by id). */
export type DiffSummary = Pick<StoredThreadDiff, 'commonCount' | 'lastCommon' | 'firstCommon' | 'onlyInABeforeCommonCount' | 'onlyInBBeforeCommonCount'> & {
  onlyInA: string[]
  onlyInB: string[]
}

export function diffSummary(diff: StoredThreadDiff): DiffSummary {
  const { commonCount, lastCommon, firstCommon, onlyInABeforeCommonCount, onlyInBBeforeCommonCount } = diff
  const ids = (messages: StoredMessage[]) => messages.map((message) => message.id)
  return { commonCount, lastCommon, firstCommon, onlyInABeforeCommonCount, onlyInBBeforeCommonCount, onlyInA: ids(diff.onlyInA), onlyInB: ids(diff.onlyInB) }
}

/**
 * What diffHistories says the diff of the two threads' effective histories is,
 * in diffThreadHistories' terms (ids, 1-based positions). With `matchCopies` a
 * copy's key is what the SQL keys it by: createdAt, role and content.
 */
export async function expectedDiff(prisma: PrismaClient, threadIdA: string, threadIdB: string, matchCopies: boolean): Promise<DiffSummary> {
  const [a, b] = await Promise.all([effectiveHistory(prisma, threadIdA), effectiveHistory(prisma, threadIdB)])
  const entries = (history: StoredMessage[]) =>
    history.map((m) => ({ id: m.id, copyKey: matchCopies ? `${m.createdAt.toISOString()}|${m.role}|${JSON.stringify(m.content)}` : null }))
  const pure = diffHistories(entries(a), entries(b))
  const idAt = (history: StoredMessage[], index: number) => history[index]?.id ?? ''
  return {
    commonCount: pure.commonCount,
    lastCommon: pure.lastCommon && { messageIdA: idAt(a, pure.lastCommon.a), messageIdB: idAt(b, pure.lastCommon.b) },
    firstCommon: pure.firstCommon && {
      messageIdA: idAt(a, pure.firstCommon.a),
      messageIdB: idAt(b, pure.firstCommon.b),
      positionA: pure.firstCommon.a + 1,
      positionB: pure.firstCommon.b + 1,
    },
    onlyInABeforeCommonCount: pure.onlyInABeforeCommonCount,
    onlyInBBeforeCommonCount: pure.onlyInBBeforeCommonCount,
    onlyInA: pure.onlyInA.map((index) => idAt(a, index)),
    onlyInB: pure.onlyInB.map((index) => idAt(b, index)),
  }
}
