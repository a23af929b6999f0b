// promoteBranch: the source continues along the branch. Bulk statements in ONE
// transaction; only the (few) ids of the threads that change parent travel.
//
// B = the promoted branch, S = its source (parent), p = B's cutoff (owned by O:
// S itself, or an ancestor of S when B was cut in S's inherited part).
//   1. N, a new branch of S, takes S's former continuation: S's own messages
//      after p (all of them when O <> S) move to N; N's cutoff is p when O = S,
//      else S's former cutoff (so N reads exactly what S read before).
//   2. S's branches after the cutoff (their history is not a prefix of B's)
//      are re-parented to N; cutoffs owned by S past p now name N.
//   3. B's overrides become S's view: the other branches of S that read the
//      message (N among them) are pinned to what S showed before (an
//      override of their own, unless they have one), then S takes B's
//      version (its own row rewritten when S owns the message, else an
//      override of S).
//   4. When O <> S, S's cutoff becomes B's.
//   5. B's own messages move to S, B's branches to S; B's row is deleted and
//      its id redirects to S (thread_redirects).
//   Thread-scoped memory follows the lines: S's working / observational memory
//   moves to N, B's to S (re-keyed rows; the engine rewrites thread tags).
import { NotABranchError, StorageError, ThreadNotFoundError } from '@threadline/engine'
import type { PromoteBranchInput, PromotedBranch } from '@threadline/engine/storage'
import { Prisma } from '../generated/prisma/client.ts'
import { branchChainCte } from './branch-history-sql.ts'
import { atomically, type StorageContext } from './context.ts'
import { recordThreadRedirect } from './thread-redirects.ts'
import { getThreadsByIds } from './threads.ts'

type BranchRow = {
  id: string
  resourceId: string
  title: string
  metadata: unknown
  parentId: string | null
  pointThreadId: string | null
  pointMessageId: string | null
  pointCreatedAt: Date | null
  inheritedMessageCount: number
}

type Plan = { branch: BranchRow; source: BranchRow; n: string; ownedBySource: boolean }

async function lockPair(ctx: StorageContext, branchThreadId: string): Promise<{ branch: BranchRow; source: BranchRow }> {
  const select = (ids: string[]) => ctx.db.$queryRaw<BranchRow[]>`
    SELECT id, resource_id AS "resourceId", title, metadata, branch_parent_id AS "parentId",
           branch_point_thread_id AS "pointThreadId", branch_point_message_id AS "pointMessageId", branch_point_created_at AS "pointCreatedAt",
           inherited_message_count AS "inheritedMessageCount"
    FROM threads WHERE id = ANY(${ids}::text[]) ORDER BY id FOR UPDATE`
  const [unlocked] = await ctx.db.$queryRaw<{ parentId: string | null }[]>`
    SELECT branch_parent_id AS "parentId" FROM threads WHERE id = ${branchThreadId}`
  if (unlocked === undefined) throw new ThreadNotFoundError(branchThreadId)
  if (unlocked.parentId === null) throw new NotABranchError(branchThreadId, 'branchThreadId')
  const rows = await select([branchThreadId, unlocked.parentId])
  const branch = rows.find((row) => row.id === branchThreadId)
  const source = rows.find((row) => row.id === unlocked.parentId)
  // the parent changed between the two reads (a concurrent promote or materialize): the caller retries
  if (branch?.parentId !== unlocked.parentId || source === undefined) throw new NotABranchError(branchThreadId, 'branchThreadId')
  return { branch, source }
}

async function createNewBranch(ctx: StorageContext, plan: Plan, input: PromoteBranchInput): Promise<void> {
  const { branch, source, ownedBySource } = plan
  const point = ownedBySource ? branch : source
  // N reads what S read: up to p (what B inherited) when S owns p, else S's former cutoff (what S inherited)
  const metadata = {
    ...input.newBranchMetadata,
    branch: { sourceThreadId: source.id, branchPointMessageId: point.pointMessageId, branchedAt: input.promotedAt.toISOString() },
  }
  await ctx.db.$executeRaw`
    INSERT INTO threads (id, resource_id, title, metadata, branch_parent_id, branch_point_thread_id, branch_point_message_id,
                         branch_point_created_at, inherited_message_count, created_at, updated_at)
    VALUES (${plan.n}, ${source.resourceId}, ${input.newBranchTitle}, ${JSON.stringify(metadata)}::jsonb, ${source.id},
            ${point.pointThreadId}, ${point.pointMessageId}, ${point.pointCreatedAt}, ${point.inheritedMessageCount},
            ${input.promotedAt}, ${input.promotedAt})`
}

/**
 * Direct branches of S whose history is not a prefix of B's: cut in S's own
 * messages past p, or in a level below O, or in O past p. Re-parented to N.
 */
async function reparentLaterBranches(ctx: StorageContext, plan: Plan): Promise<string[]> {
  const { branch, source } = plan
  const rows = await ctx.db.$queryRaw<{ id: string }[]>`
    WITH RECURSIVE ${branchChainCte(Prisma.sql`ARRAY[${source.id}]::text[]`)},
    owner_depth AS (SELECT depth FROM chain WHERE level_id = ${branch.pointThreadId})
    UPDATE threads c SET branch_parent_id = ${plan.n},
      metadata = CASE WHEN jsonb_typeof(c.metadata -> 'branch') = 'object'
        THEN jsonb_set(c.metadata, '{branch,sourceThreadId}', to_jsonb(${plan.n}::text)) ELSE c.metadata END
    FROM chain level
    WHERE c.branch_parent_id = ${source.id} AND c.id NOT IN (${branch.id}, ${plan.n})
      AND level.level_id = c.branch_point_thread_id
      AND (level.depth < (SELECT depth FROM owner_depth)
        OR (level.level_id = ${branch.pointThreadId}
            AND (c.branch_point_created_at, c.branch_point_message_id) > (${branch.pointCreatedAt}::timestamptz, ${branch.pointMessageId}::text)))
    RETURNING c.id`
  return rows.map((row) => row.id).sort()
}

/** Step 3 (see the file comment). Returns the ids of S's messages whose stored content was rewritten. */
async function adoptBranchOverrides(ctx: StorageContext, plan: Plan): Promise<string[]> {
  const { branch, source } = plan
  // what S showed for each message B overrides, before anything changes
  await ctx.db.$executeRaw`
    WITH RECURSIVE ${branchChainCte(Prisma.sql`ARRAY(SELECT ${source.id}::text UNION ALL SELECT id FROM threads WHERE branch_parent_id = ${source.id} AND id <> ${branch.id})`)},
    shown AS (
      SELECT ov.message_id, COALESCE(near.role, m.role) AS role, COALESCE(near.content, m.content) AS content
      FROM message_overrides ov
      JOIN messages m ON m.id = ov.message_id
      JOIN chain owner_level ON owner_level.root_id = ${source.id} AND owner_level.level_id = m.thread_id
      LEFT JOIN LATERAL (
        SELECT o2.role, o2.content FROM message_overrides o2
        JOIN chain lv ON lv.root_id = ${source.id} AND lv.level_id = o2.thread_id AND lv.depth < owner_level.depth
        WHERE o2.message_id = m.id ORDER BY lv.depth LIMIT 1
      ) near ON true
      WHERE ov.thread_id = ${branch.id}
    )
    INSERT INTO message_overrides (thread_id, message_id, role, content, created_at)
    SELECT ch.root_id, shown.message_id, shown.role, shown.content, now()
    FROM shown
    JOIN messages m ON m.id = shown.message_id
    JOIN chain ch ON ch.level_id = m.thread_id AND ch.root_id <> ${source.id} AND ch.depth > 0
      AND ch.cut_owner = ch.level_id AND (m.created_at, m.id) <= (ch.cut_at, ch.cut_id)
    ON CONFLICT (thread_id, message_id) DO NOTHING`
  const rewritten = await ctx.db.$queryRaw<{ id: string }[]>`
    UPDATE messages m SET role = ov.role, content = ov.content
    FROM message_overrides ov
    WHERE ov.thread_id = ${branch.id} AND ov.message_id = m.id AND m.thread_id = ${source.id}
    RETURNING m.id`
  await ctx.db.$executeRaw`
    INSERT INTO message_overrides (thread_id, message_id, role, content, created_at)
    SELECT ${source.id}, ov.message_id, ov.role, ov.content, now()
    FROM message_overrides ov JOIN messages m ON m.id = ov.message_id
    WHERE ov.thread_id = ${branch.id} AND m.thread_id <> ${source.id}
    ON CONFLICT (thread_id, message_id) DO UPDATE SET role = EXCLUDED.role, content = EXCLUDED.content, created_at = EXCLUDED.created_at`
  await ctx.db.$executeRaw`DELETE FROM message_overrides WHERE thread_id = ${branch.id}`
  return rewritten.map((row) => row.id).sort()
}

/** Moves a thread's messages (all, or those after a key) and their vectors to another thread. */
async function moveMessages(ctx: StorageContext, from: string, to: string, after: { at: Date; id: string } | null): Promise<number> {
  const past = after === null ? Prisma.empty : Prisma.sql`AND (created_at, id) > (${after.at}::timestamptz, ${after.id}::text)`
  const [row] = await ctx.db.$queryRaw<{ count: number }[]>`
    WITH moved AS (UPDATE messages SET thread_id = ${to} WHERE thread_id = ${from} ${past} RETURNING id),
    vectors AS (UPDATE message_embeddings e SET thread_id = ${to} FROM moved WHERE e.message_id = moved.id)
    SELECT count(*)::int AS count FROM moved`
  return row?.count ?? 0
}

/**
 * The thread-scoped working memory (every version) and observational memory
 * (every generation) of `from` become `to`'s (its rows re-keyed, nothing
 * copied or dropped). `to` must have none: promote moves S's to the new branch
 * N first, then B's to S.
 */
async function moveThreadMemory(ctx: StorageContext, from: string, to: string): Promise<void> {
  await ctx.db.$executeRaw`
    UPDATE working_memory_versions SET lookup_key = ${`thread:${to}`}, thread_id = ${to} WHERE lookup_key = ${`thread:${from}`}`
  await ctx.db.$executeRaw`
    UPDATE observational_memory SET lookup_key = ${`thread:${to}`}, thread_id = ${to} WHERE lookup_key = ${`thread:${from}`}`
}

/** Cutoffs owned by `from` (past a key when given) now name `to`: the messages moved there. */
async function repointCutoffs(ctx: StorageContext, from: string, to: string, after: { at: Date; id: string } | null): Promise<void> {
  const past =
    after === null ? Prisma.empty : Prisma.sql`AND (branch_point_created_at, branch_point_message_id) > (${after.at}::timestamptz, ${after.id}::text)`
  await ctx.db.$executeRaw`UPDATE threads SET branch_point_thread_id = ${to} WHERE branch_point_thread_id = ${from} AND id <> ${to} ${past}`
}

export async function promoteBranch(ctx: StorageContext, input: PromoteBranchInput): Promise<PromotedBranch> {
  return atomically(ctx, async (tx) => {
    const { branch, source } = await lockPair(tx, input.branchThreadId)
    const plan: Plan = { branch, source, n: input.newBranchThreadId, ownedBySource: branch.pointThreadId === source.id }
    const cutoff = plan.ownedBySource && branch.pointCreatedAt && branch.pointMessageId ? { at: branch.pointCreatedAt, id: branch.pointMessageId } : null
    await createNewBranch(tx, plan, input)
    const reparentedToNewBranch = await reparentLaterBranches(tx, plan)
    const rewrittenMessageIds = await adoptBranchOverrides(tx, plan)
    if (!plan.ownedBySource) {
      await tx.db.$executeRaw`
        UPDATE threads SET branch_point_thread_id = ${branch.pointThreadId}, branch_point_message_id = ${branch.pointMessageId},
          branch_point_created_at = ${branch.pointCreatedAt}, inherited_message_count = ${branch.inheritedMessageCount},
          metadata = CASE WHEN jsonb_typeof(metadata -> 'branch') = 'object'
            THEN jsonb_set(metadata, '{branch,branchPointMessageId}', to_jsonb(${branch.pointMessageId}::text)) ELSE metadata END
        WHERE id = ${source.id}`
    }
    // the memory follows the line it was written along: S's former line (now N) keeps S's, S takes B's
    await moveThreadMemory(tx, source.id, plan.n)
    await moveThreadMemory(tx, branch.id, source.id)
    const movedToNewBranchCount = await moveMessages(tx, source.id, plan.n, cutoff)
    await repointCutoffs(tx, source.id, plan.n, cutoff)
    const movedToSourceCount = await moveMessages(tx, branch.id, source.id, null)
    await repointCutoffs(tx, branch.id, source.id, null)
    const reparented = await tx.db.$queryRaw<{ id: string }[]>`
      UPDATE threads SET branch_parent_id = ${source.id},
        metadata = CASE WHEN jsonb_typeof(metadata -> 'branch') = 'object'
          THEN jsonb_set(metadata, '{branch,sourceThreadId}', to_jsonb(${source.id}::text)) ELSE metadata END
      WHERE branch_parent_id = ${branch.id}
      RETURNING id`
    const promotion = { branchThreadId: branch.id, branchTitle: branch.title, newBranchThreadId: plan.n, promotedAt: input.promotedAt.toISOString() }
    await tx.db.$executeRaw`
      UPDATE threads SET metadata = metadata || jsonb_build_object('promotedBranch', ${JSON.stringify(promotion)}::jsonb), updated_at = now()
      WHERE id = ${source.id}`
    await tx.db.$executeRaw`DELETE FROM threads WHERE id = ${branch.id}`
    // the branch's id keeps working: links to it land on the source, which now holds its history
    await recordThreadRedirect(tx, { fromThreadId: branch.id, fromTitle: branch.title, toThreadId: source.id, reason: 'promoted', at: input.promotedAt })
    const [thread, newBranchThread] = await getThreadsByIds(tx, [source.id, plan.n])
    if (thread === undefined || newBranchThread === undefined)
      throw new StorageError('promoteBranch: the source or the new branch is missing after the promotion')
    return {
      thread,
      newBranchThread,
      movedToNewBranchCount,
      movedToSourceCount,
      reparentedToNewBranch,
      reparentedToSource: reparented.map((row) => row.id).sort(),
      rewrittenMessageIds,
    }
  })
}
