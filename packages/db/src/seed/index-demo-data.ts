// The demo seed's indexing (issue 16): with an embedding model configured, the
// seed queues one index job per demo resource and runs them to the end here, so
// vector recall works on the server's first start. A job the embedder fails
// stays queued with its error: the server's worker retries it.
import { createIndexWorker, type Embedder, type IndexJob } from '@threadline/engine'
import type { Database } from '../open-database.ts'
import { demoResourceIds } from './demo-data.ts'

export async function indexDemoData(db: Pick<Database, 'indexJobs'>, embedder: Embedder): Promise<IndexJob[]> {
  const queued = []
  for (const resourceId of demoResourceIds) queued.push(await db.indexJobs.enqueue({ resourceId, model: embedder.id, reason: 'seed' }))
  // retries wait for the server: no backoff wait here
  const worker = createIndexWorker({ jobs: db.indexJobs, embedder, workerId: 'seed' })
  while (await worker.runOnce());
  const jobs = await Promise.all(queued.map((job) => db.indexJobs.get(job.id)))
  return jobs.filter((job): job is IndexJob => job !== null)
}
