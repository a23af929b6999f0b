// materializeBranches: branches become independent threads owning copies of
// what they inherited. A handful of bulk statements in ONE transaction; the
// old -> new id map stays in the database (a temporary table dropped at
// commit), so no id list travels to Node and back whatever the size.
import { NotABranchError, ThreadNotFoundError } from '@threadline/engine'
import type { MaterializeBranchesInput, MaterializedBranch } from '@threadline/engine/storage'
import { Prisma } from '../generated/prisma/client.ts'
import { branchChainCte, inheritedMessagesCte, maxBranchDepth } from './branch-history-sql.ts'
import { atomically, type StorageContext } from './context.ts'
import { vectorsAvailable } from './vector-support.ts'

type LockedThread = { id: string; branchParentId: string | null }

/** Locks the branches (writers of their messages wait) and checks they exist and are branches. */
async function lockBranches(ctx: StorageContext, ids: string[]): Promise<void> {
  const rows = await ctx.db.$queryRaw<LockedThread[]>`
    SELECT id, branch_parent_id AS "branchParentId" FROM threads WHERE id = ANY(${ids}::text[]) ORDER BY id FOR UPDATE`
  const found = new Map(rows.map((row) => [row.id, row]))
  for (const id of ids) {
    const row = found.get(id)
    if (row === undefined) throw new ThreadNotFoundError(id)
    if (row.branchParentId === null) throw new NotABranchError(id)
  }
}

/** The copy map of this transaction: (root, old id) -> new id. Temporary, dropped at commit. */
async function resetCopyMap(ctx: StorageContext): Promise<void> {
  await ctx.db.$executeRaw`
    CREATE TEMP TABLE IF NOT EXISTS branch_copy_map (
      root_id text NOT NULL, old_id text NOT NULL, new_id text NOT NULL, overridden boolean NOT NULL,
      PRIMARY KEY (root_id, old_id)
    ) ON COMMIT DROP`
  await ctx.db.$executeRaw`DELETE FROM branch_copy_map`
}

/**
 * ONE INSERT ... SELECT from the effective-history walk: the inherited
 * messages (nearest override applied) become the root's rows. New ids: a
 * random prefix per root plus the position in the effective order, so copies
 * that share a createdAt keep their relative order.
 */
async function copyInheritedMessages(ctx: StorageContext, ids: string[]): Promise<void> {
  await ctx.db.$executeRaw`
    WITH RECURSIVE ${branchChainCte(Prisma.sql`${ids}::text[]`)},
    ${inheritedMessagesCte},
    prefix AS MATERIALIZED (SELECT root.id AS root_id, gen_random_uuid()::text AS value FROM unnest(${ids}::text[]) AS root(id)),
    numbered AS MATERIALIZED (
      SELECT i.*, t.resource_id AS root_resource_id,
             prefix.value || '-' || lpad((row_number() OVER (PARTITION BY i.root_id ORDER BY i.depth DESC, i.created_at, i.id))::text, 10, '0') AS new_id
      FROM inherited i JOIN prefix ON prefix.root_id = i.root_id JOIN threads t ON t.id = i.root_id
    ),
    copied AS (
      INSERT INTO messages (id, thread_id, resource_id, role, type, content, created_at)
      SELECT new_id, root_id, root_resource_id, role, type, content, created_at FROM numbered
    )
    INSERT INTO branch_copy_map (root_id, old_id, new_id, overridden) SELECT root_id, id, new_id, overridden FROM numbered`
}

/** Every model's vector of each copied message, unless the copy came from an override (its text differs). */
async function copyVectors(ctx: StorageContext): Promise<Map<string, number>> {
  if (!(await vectorsAvailable(ctx.vectorSupport, ctx.db))) return new Map()
  const rows = await ctx.db.$queryRaw<{ rootId: string; count: number }[]>`
    WITH copied AS (
      INSERT INTO message_embeddings (message_id, model, thread_id, resource_id, dimensions, embedding, created_at)
      SELECT map.new_id, e.model, map.root_id, t.resource_id, e.dimensions, e.embedding, e.created_at
      FROM branch_copy_map map
      JOIN message_embeddings e ON e.message_id = map.old_id
      JOIN threads t ON t.id = map.root_id
      WHERE NOT map.overridden
      RETURNING thread_id
    )
    SELECT thread_id AS "rootId", count(*)::int AS count FROM copied GROUP BY thread_id`
  return new Map(rows.map((row) => [row.rootId, row.count]))
}

/**
 * The branches below each root (`below(root_id, id)`, the root excluded):
 * their cutoffs and overrides that name a copied message now name the copy.
 */
function belowCte(ids: string[]): Prisma.Sql {
  return Prisma.sql`below AS (
    SELECT r.id AS root_id, child.id, 1 AS depth
    FROM unnest(${ids}::text[]) AS r(id) JOIN threads child ON child.branch_parent_id = r.id
    UNION ALL
    SELECT below.root_id, child.id, below.depth + 1
    FROM below JOIN threads child ON child.branch_parent_id = below.id
    WHERE below.depth < ${maxBranchDepth}
  )`
}

async function repointBranchesBelow(ctx: StorageContext, ids: string[]): Promise<{ rootId: string; threadId: string }[]> {
  const repointed = await ctx.db.$queryRaw<{ rootId: string; threadId: string }[]>`
    WITH RECURSIVE ${belowCte(ids)}
    UPDATE threads d SET
      branch_point_thread_id = map.root_id,
      branch_point_message_id = map.new_id,
      metadata = CASE WHEN jsonb_typeof(d.metadata -> 'branch') = 'object'
        THEN jsonb_set(d.metadata, '{branch,branchPointMessageId}', to_jsonb(map.new_id)) ELSE d.metadata END
    FROM below JOIN branch_copy_map map ON map.root_id = below.root_id
    WHERE d.id = below.id AND map.old_id = d.branch_point_message_id
    RETURNING map.root_id AS "rootId", d.id AS "threadId"`
  await ctx.db.$executeRaw`
    WITH RECURSIVE ${belowCte(ids)}
    UPDATE message_overrides o SET message_id = map.new_id
    FROM below JOIN branch_copy_map map ON map.root_id = below.root_id
    WHERE o.thread_id = below.id AND o.message_id = map.old_id`
  return repointed
}

type CopyPair = { rootId: string; oldId: string; newId: string }

/** The copies of the given (root, old id) pairs: ONE lookup in the copy map. */
async function referencedCopies(ctx: StorageContext, wanted: Record<string, string[]>): Promise<CopyPair[]> {
  const pairs = Object.entries(wanted).flatMap(([rootId, oldIds]) => oldIds.map((oldId) => ({ rootId, oldId })))
  if (pairs.length === 0) return []
  return ctx.db.$queryRaw<CopyPair[]>`
    SELECT map.root_id AS "rootId", map.old_id AS "oldId", map.new_id AS "newId"
    FROM json_to_recordset(${JSON.stringify(pairs)}::json) AS w("rootId" text, "oldId" text)
    JOIN branch_copy_map map ON map.root_id = w."rootId" AND map.old_id = w."oldId"`
}

/** Drops the roots' overrides (applied to the copies), clears their branch columns and records the materialization. */
async function detach(ctx: StorageContext, ids: string[], materializedAt: Date): Promise<Map<string, number>> {
  await ctx.db.$executeRaw`DELETE FROM message_overrides WHERE thread_id = ANY(${ids}::text[])`
  const rows = await ctx.db.$queryRaw<{ id: string; count: number }[]>`
    WITH counts AS (SELECT root_id, count(*)::int AS count FROM branch_copy_map GROUP BY root_id)
    UPDATE threads t SET
      branch_parent_id = NULL, branch_point_message_id = NULL, branch_point_thread_id = NULL, branch_point_created_at = NULL,
      inherited_message_count = 0,
      metadata = (t.metadata - 'branch') || jsonb_build_object('materializedBranch',
        COALESCE(CASE WHEN jsonb_typeof(t.metadata -> 'branch') = 'object' THEN t.metadata -> 'branch' END, '{}'::jsonb)
        || jsonb_build_object(
          'parentThreadId', t.branch_parent_id,
          'branchPointMessageId', t.branch_point_message_id,
          'materializedAt', to_jsonb(${materializedAt}::timestamptz),
          'copiedMessageCount', COALESCE(counts.count, 0))),
      updated_at = now()
    FROM unnest(${ids}::text[]) AS r(id) LEFT JOIN counts ON counts.root_id = r.id
    WHERE t.id = r.id
    RETURNING t.id, COALESCE(counts.count, 0) AS count`
  return new Map(rows.map((row) => [row.id, row.count]))
}

export async function materializeBranches(ctx: StorageContext, input: MaterializeBranchesInput): Promise<MaterializedBranch[]> {
  const ids = [...new Set(input.threadIds)]
  if (ids.length === 0) return []
  return atomically(ctx, async (tx) => {
    await lockBranches(tx, ids)
    await resetCopyMap(tx)
    await copyInheritedMessages(tx, ids)
    const vectors = await copyVectors(tx)
    const repointed = await repointBranchesBelow(tx, ids)
    const overridden = await tx.db.$queryRaw<CopyPair[]>`
      SELECT root_id AS "rootId", old_id AS "oldId", new_id AS "newId" FROM branch_copy_map WHERE overridden ORDER BY root_id, new_id`
    const referenced = await referencedCopies(tx, input.referencedMessageIds ?? {})
    const copied = await detach(tx, ids, input.materializedAt)
    return ids.map((threadId) => ({
      threadId,
      copiedMessageCount: copied.get(threadId) ?? 0,
      copiedVectorCount: vectors.get(threadId) ?? 0,
      repointedBranchThreadIds: repointed
        .filter((row) => row.rootId === threadId)
        .map((row) => row.threadId)
        .sort(),
      overriddenCopies: Object.fromEntries(overridden.filter((row) => row.rootId === threadId).map((row) => [row.oldId, row.newId])),
      referencedCopies: Object.fromEntries(referenced.filter((row) => row.rootId === threadId).map((row) => [row.oldId, row.newId])),
    }))
  })
}

/** deleteThread(id, { branches: 'materialize' })'s storage step: every direct branch of the thread, together. Returns their ids. */
export async function materializeBranchesOf(ctx: StorageContext, threadId: string): Promise<string[]> {
  return atomically(ctx, async (tx) => {
    const children = await tx.db.$queryRaw<{ id: string }[]>`SELECT id FROM threads WHERE branch_parent_id = ${threadId} ORDER BY created_at, id`
    const done = await materializeBranches(tx, { threadIds: children.map((child) => child.id), materializedAt: new Date() })
    return done.map((branch) => branch.threadId)
  })
}
