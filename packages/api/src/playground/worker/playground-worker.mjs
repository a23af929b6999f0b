// The sandbox worker's entry (plain JavaScript: Node starts it without a
// bundler). The workspace packages are TypeScript sources, so the worker
// registers tsx's loader before importing the job module.
import { register } from 'tsx/esm/api'

register()
const { runPlaygroundJob, warmUp } = await import('./playground-job.ts')

/** Piscina calls this with each task: { job, maxOutputBytes }; a null job warms the worker up. */
export default function run({ job, maxOutputBytes }) {
  return job === null ? warmUp() : runPlaygroundJob(job, maxOutputBytes)
}
