// The sandbox worker's entry (plain JavaScript: Node starts it without a
// bundler). The workspace packages are TypeScript sources, so the worker
// registers tsx's loader before importing the job module.
import { register } from 'tsx/esm/api'

register()
const { runPlaygroundJob } = await import('./playground-job.ts')

/** Piscina calls this with each task: { job, maxOutputBytes }. */
export default function run({ job, maxOutputBytes }) {
  return runPlaygroundJob(job, maxOutputBytes)
}
