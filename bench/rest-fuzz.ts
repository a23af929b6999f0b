// The REST fuzz (issue 33's acceptance) at a larger size than its test
// (packages/api/src/rest/rest-fuzz.integration.test.ts): the probes of every
// operation in the served OpenAPI document, once per seeded demo thread as the
// id the plausible requests name, against an in-memory embedded API. Counts the
// answers by status; fails on any 5xx or an error that is not a clean problem.
//
//   pnpm bench rest-fuzz [--threads=10] [--concurrency=8]
import { restFuzzProbes, runRestFuzz, startApiHarness, type OpenApiDocumentLike } from '@threadline/api/testing'
import { demoThreads } from '@threadline/db/seed'
import { flagValue } from './lib/args.ts'
import { createReport } from './lib/report.ts'

const threads = demoThreads.slice(0, Number(flagValue('threads') ?? demoThreads.length)).map((seed) => seed.thread.id)
const concurrency = Number(flagValue('concurrency') ?? 8)
const report = createReport('rest-fuzz', { threads: threads.length, concurrency })
const api = await startApiHarness({ THREADLINE_RATE_LIMIT_PER_SECOND: '1000000', THREADLINE_RATE_LIMIT_BURST: '1000000' })
try {
  const { token } = await api.issueToken({ allResources: true, canWrite: true, canRunRules: true })
  const document = (await (await fetch(`${api.server.url}/api/openapi.json`)).json()) as OpenApiDocumentLike
  const started = performance.now()
  const probes = threads.flatMap((knownId) => restFuzzProbes(document, { knownId, oversize: 100_001, bodyLimit: api.services.config.maxBodyBytes }))
  const { requests, statuses, failures } = await runRestFuzz(api.server.url, token, probes, concurrency)
  report.row('answers', {
    requests,
    operations: Object.values(document.paths).reduce((sum, item) => sum + Object.keys(item).length, 0),
    ...Object.fromEntries([...statuses].sort(([a], [b]) => a - b).map(([status, count]) => [`status ${status}`, count])),
    '5xx': [...statuses].filter(([status]) => status >= 500).reduce((sum, [, count]) => sum + count, 0),
    failures: failures.length,
    seconds: Number(((performance.now() - started) / 1000).toFixed(1)),
  })
  for (const failure of new Set(failures)) report.note(failure.slice(0, 300))
  report.printTables()
  report.save()
  if (failures.length > 0) process.exitCode = 1
} finally {
  await api.close()
}
