import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { openDatabase } from '@threadline/db'
import { lexicalEmbedder } from '@threadline/db/seed'
import { Prisma } from '../../packages/db/src/generated/prisma/client.ts'
import { upsertVectorsSql } from '../../packages/db/src/storage/vectors.ts'
import { seedThread } from '../lib/seed.ts'

const dir = await mkdtemp(path.join(os.tmpdir(), 'probe-'))
const db = await openDatabase(`file:${dir}`)
try {
  const source = await seedThread(db, { threadId: 'indexed', count: 3000 })
  const embedder = lexicalEmbedder()
  const job = await db.indexJobs.enqueue({ resourceId: source.resourceId, threadId: source.threadId, model: embedder.id, reason: 'index' })
  await db.indexJobs.claim({ workerId: 'p', model: embedder.id, leaseMs: 60000 })
  const plan: number[] = [],
    exec: number[] = [],
    wall: number[] = []
  for (const [i, m] of source.messages.slice(0, 300).entries()) {
    const [e] = await embedder.embed([JSON.stringify(m.content)])
    const v = [{ messageId: m.id, threadId: m.threadId, resourceId: m.resourceId, embedding: e!, model: embedder.id, dimensions: e!.length }]
    const sql = Prisma.sql`WITH job AS (SELECT id FROM index_jobs WHERE id = ${job.id} AND locked_by = 'p' AND state = 'running' FOR UPDATE), written AS (${upsertVectorsSql(v, Prisma.sql`JOIN messages m ON m.id = r."messageId" WHERE EXISTS (SELECT 1 FROM job) FOR KEY SHARE OF m`)}) SELECT count(*)::int AS held FROM job`
    const t = performance.now()
    if (i % 2 === 0) {
      const rows = await db.prisma.$queryRaw<{ 'QUERY PLAN': string }[]>(Prisma.sql`EXPLAIN (ANALYZE, SUMMARY) ${sql}`)
      const text = rows.map((r) => r['QUERY PLAN']).join('\n')
      plan.push(Number(/Planning Time: ([\d.]+)/.exec(text)![1]))
      exec.push(Number(/Execution Time: ([\d.]+)/.exec(text)![1]))
    } else {
      await db.prisma.$queryRaw(sql)
      wall.push(performance.now() - t)
    }
  }
  const med = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]!.toFixed(2)
  console.log('plan p50', med(plan), 'exec p50', med(exec), 'wall p50 (plain)', med(wall))
} finally {
  await db.close()
  await rm(dir, { recursive: true, force: true })
}
