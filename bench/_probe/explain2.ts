import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { openDatabase } from '@threadline/db'
import { lexicalEmbedder } from '@threadline/db/seed'
import { seedThread } from '../lib/seed.ts'

const dir = await mkdtemp(path.join(os.tmpdir(), 'probe-'))
const db = await openDatabase(`file:${dir}`)
try {
  const n = Number(process.argv[2] ?? 10000)
  const done = Number(process.argv[3] ?? 300)
  const source = await seedThread(db, { threadId: 'indexed', count: n })
  const embedder = lexicalEmbedder()
  const model = embedder.id
  const first = source.messages.slice(0, done)
  for (let s = 0; s < first.length; s += 100) {
    const batch = first.slice(s, s + 100)
    const emb = await embedder.embed(batch.map((m) => JSON.stringify(m.content)))
    await db.vector.upsertVectors(
      batch.map((m, i) => ({ messageId: m.id, threadId: m.threadId, resourceId: m.resourceId, embedding: emb[i]!, model, dimensions: emb[i]!.length })),
    )
  }
  const last = first.at(-1)!
  const q = `WITH RECURSIVE chain AS (
      SELECT t.id, t.branch_parent_id AS parent_id, t.branch_point_thread_id AS bp_thread, t.branch_point_created_at AS bp_at, t.branch_point_message_id AS bp_id,
             NULL::text AS cut_owner, NULL::timestamptz AS cut_at, NULL::text AS cut_id, 0 AS depth
      FROM threads t WHERE t.id = 'indexed'
      UNION ALL
      SELECT p.id, p.branch_parent_id, p.branch_point_thread_id, p.branch_point_created_at, p.branch_point_message_id, NULL, NULL, NULL, c.depth + 1
      FROM chain c JOIN threads p ON p.id = c.parent_id WHERE c.depth < 1000
    ),
    levels AS (SELECT id, depth, CASE WHEN depth = 0 THEN 'infinity'::timestamptz ELSE cut_at END AS hi_at, CASE WHEN depth = 0 THEN '' ELSE cut_id END AS hi_id FROM chain WHERE depth = 0 OR cut_owner = id)
    SELECT s.* FROM levels l CROSS JOIN LATERAL (
    SELECT m.id, m.thread_id, m.resource_id, m.role, m.content, m.created_at
    FROM messages m WHERE m.thread_id = l.id AND (m.created_at, m.id) <= (l.hi_at, l.hi_id)
    AND length(m.search_text) > 0 AND NOT EXISTS (SELECT 1 FROM message_embeddings e WHERE e.message_id = m.id AND e.model = '${model}' AND e.embedding IS NOT NULL)
    AND (m.created_at, m.id) > ('${new Date(last.createdAt).toISOString()}'::timestamptz, '${last.id}') ORDER BY m.created_at, m.id LIMIT 100) s ORDER BY s.created_at, s.id LIMIT 100`
  if (process.argv[4]) await db.prisma.$executeRawUnsafe(process.argv[4])
  for (let i = 0; i < 3; i++) {
    const t = performance.now()
    await db.prisma.$queryRawUnsafe(q)
    console.log('plain', (performance.now() - t).toFixed(1))
  }
  const plan = await db.prisma.$queryRawUnsafe<{ 'QUERY PLAN': string }[]>(`EXPLAIN (ANALYZE, BUFFERS) ${q}`)
  console.log(plan.map((r) => r['QUERY PLAN']).join('\n'))
} finally {
  await db.close()
  await rm(dir, { recursive: true, force: true })
}
