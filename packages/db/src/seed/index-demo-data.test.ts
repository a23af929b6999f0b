import type { Embedder } from '@threadline/engine'
import { expect, it } from 'vitest'
import { describeEachDatabase } from '../testing/index.ts'
import { demoResourceIds } from './demo-data.ts'
import { indexDemoData } from './index-demo-data.ts'
import { seedDemoData } from './seed-demo-data.ts'

const embedded: string[] = []
const embedder: Embedder = {
  id: 'test/seed-embedder',
  embed: (values) => {
    embedded.push(...values)
    return Promise.resolve(values.map((text) => [text.length, 1]))
  },
}

describeEachDatabase('indexDemoData', (getDb, kind) => {
  it.runIf(kind === 'pglite')('indexes every demo resource in seed jobs, so nothing is left without a vector', async () => {
    const db = getDb()
    await seedDemoData(db.storage)
    const jobs = await indexDemoData(db, embedder)
    expect(jobs.map((job) => [job.resourceId, job.reason, job.state])).toEqual(demoResourceIds.map((id) => [id, 'seed', 'done']))
    for (const resourceId of demoResourceIds) {
      const counts = await db.indexJobs.countUnindexed({ resourceId }, embedder.id)
      expect(counts.unindexed).toBe(0)
      // messages with nothing to embed (a step marker, no text or tool call) get no vector
      const [row] = await db.prisma.$queryRaw<{ n: number }[]>`
        SELECT count(*)::int AS n FROM message_embeddings WHERE resource_id = ${resourceId} AND model = ${embedder.id}`
      expect(row!.n).toBeGreaterThan(counts.messages / 2)
      expect(row!.n).toBeLessThanOrEqual(counts.messages)
    }
    // seeding again embeds nothing again
    const calls = embedded.length
    const again = await indexDemoData(db, embedder)
    expect(again.every((job) => job.state === 'done')).toBe(true)
    expect(embedded).toHaveLength(calls)
  })
})
