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
  const source = await seedThread(db, { threadId: 'indexed', count: n })
  const model = lexicalEmbedder().id
  await db.prisma.$executeRawUnsafe('ANALYZE')
  const q = (after: string) => `WITH RECURSIVE chain AS (
      SELECT t.id, t.branch_parent_id AS parent_id, t.branch_point_thread_id AS bp_thread, t.branch_point_created_at AS bp_at, t.branch_point_message_id AS bp_id,
             NULL::text AS cut_owner, NULL::timestamptz AS cut_at, NULL::text AS cut_id, 0 AS depth
      FROM threads t WHERE t.id = 'indexed'
      UNION ALL
      SELECT p.id, p.branch_parent_id, p.branch_point_thread_id, p.branch_point_created_at, p.branch_point_message_id, NULL, NULL, NULL, c.depth + 1
      FROM chain c JOIN threads p ON p.id = c.parent_id WHERE c.depth < 1000
    ),
    levels AS (SELECT id, depth, CASE WHEN depth = 0 THEN 'infinity'::timestamptz ELSE cut_at END AS hi_at, CASE WHEN depth = 0 THEN '' ELSE cut_id END AS hi_id FROM chain WHERE depth = 0 OR cut_owner = id)
    SELECT ${process.argv[3] ?? 'm.id, m.thread_id, m.resource_id, m.role, m.content, m.created_at'}
    FROM levels l JOIN messages m ON m.thread_id = l.id AND (m.created_at, m.id) <= (l.hi_at, l.hi_id)
    WHERE length(m.search_text) > 0 AND NOT EXISTS (SELECT 1 FROM message_embeddings e WHERE e.message_id = m.id AND e.model = '${model}' AND e.embedding IS NOT NULL)
    ${after} ORDER BY m.created_at, m.id LIMIT 100`
  const [mid] = await db.prisma.$queryRawUnsafe<{ created_at: Date; id: string }[]>(
    `SELECT created_at, id FROM messages ORDER BY created_at, id OFFSET ${Math.floor(n / 2)} LIMIT 1`,
  )
  const after = `AND (m.created_at, m.id) > ('${mid!.created_at.toISOString()}'::timestamptz, '${mid!.id}')`
  for (const a of ['', after]) {
    for (let i = 0; i < 3; i++) {
      const t = performance.now()
      await db.prisma.$queryRawUnsafe(q(a))
      console.log('plain', (performance.now() - t).toFixed(1))
    }
    const plan = await db.prisma.$queryRawUnsafe<{ 'QUERY PLAN': string }[]>(`EXPLAIN (ANALYZE, BUFFERS) ${q(a)}`)
    console.log(plan.map((r) => r['QUERY PLAN']).join('\n'))
  }
  const sizes = await db.prisma.$queryRawUnsafe(
    `SELECT avg(pg_column_size(content))::int c, avg(pg_column_size(search_text))::int s, avg(length(search_text))::int l FROM messages`,
  )
  console.log(sizes)
  void source
} finally {
  await db.close()
  await rm(dir, { recursive: true, force: true })
}
