// The sandbox worker's entry (plain JavaScript: Node starts it without a
// bundler). The workspace packages are TypeScript sources, so the worker
// registers tsx's loader before importing the job module.
import { register } from 'tsx/esm/api'

register()
const { runPlaygroundJob, warmUp } = await import('./playground-job.ts')
// load the sandbox before Piscina hands this worker a run, so no run's deadline pays for it
await warmUp()

/**
 * Piscina calls this with each task: { job, maxOutputBytes, started }; `started` (a MessagePort)
 * tells the pool the run has begun, which starts its deadline. A null job answers once the worker is up.
 */
export default function run({ job, maxOutputBytes, started }) {
  started?.postMessage('started')
  started?.close()
  // the sandbox was loaded before this worker took any task: a null job has nothing left to do
  return job === null ? { ok: true, value: null } : runPlaygroundJob(job, maxOutputBytes)
}
