// Retry-decision benchmark (issue 8, part 3): StreamErrorRetryProcessor.processAPIError
// with no delay (delayMs 0, provider waits capped to 0, so no timer ever runs)
// on errors whose cause chains are 2 to 100 levels deep: µs per call.
//
//   pnpm exec tsx bench/retry.ts [--depths=2,8,32,100]
import { StreamErrorRetryProcessor, type ProcessAPIErrorArgs } from '@threadline/engine'
import { flagValue } from './lib/args.ts'
import { microsPerAsyncCall } from './lib/measure.ts'
import { createReport } from './lib/report.ts'
import { apiCallError } from './lib/provider-errors.ts'

const depths = (flagValue('depths') ?? '2,8,32,100').split(',').map(Number)

/** `depth` (>= 2) levels: an APICallError on top, plain wrappers below it, `root` at the bottom. */
function chain(depth: number, root: unknown, top: { statusCode?: number; isRetryable?: boolean; headers?: Record<string, string> } = {}): unknown {
  if (depth < 2) throw new Error('--depths: a chain has at least 2 levels (the top error and its root cause)')
  let error = root
  for (let level = depth - 2; level >= 1; level--) error = new Error(`layer ${level} failed`, { cause: error })
  return apiCallError({
    message: 'Request failed',
    url: 'http://127.0.0.1/v1/responses',
    requestBodyValues: {},
    ...(top.statusCode === undefined ? {} : { statusCode: top.statusCode }),
    ...(top.isRetryable === undefined ? {} : { isRetryable: top.isRetryable }),
    ...(top.headers === undefined ? {} : { responseHeaders: top.headers }),
    cause: error,
  })
}

const connectionReset = () => Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })

type Scenario = { name: string; error: (depth: number) => unknown; expectRetry: boolean }

const scenarios: Scenario[] = [
  {
    name: 'ECONNRESET at the bottom, custom matcher (retry)',
    error: (depth) => chain(depth, connectionReset(), { isRetryable: true }),
    expectRetry: true,
  },
  {
    name: 'OpenAI Responses server_error chunk at the bottom (retry)',
    error: (depth) => chain(depth, { type: 'error', error: { type: 'server_error', code: 'server_error', message: 'The server had an error' } }),
    expectRetry: true,
  },
  {
    name: '429 with retry-after-ms on top (retry, wait capped to 0)',
    error: (depth) => chain(depth, new Error('rate limited'), { statusCode: 429, isRetryable: true, headers: { 'retry-after-ms': '1500' } }),
    expectRetry: true,
  },
  {
    name: '401 at the bottom (terminal: no retry)',
    error: (depth) => chain(depth, Object.assign(new Error('Unauthorized'), { statusCode: 401 })),
    expectRetry: false,
  },
  {
    name: 'nothing recognisable (no match: no retry)',
    error: (depth) => chain(depth, new Error('something odd')),
    expectRetry: false,
  },
]

const processor = new StreamErrorRetryProcessor({
  maxRetries: 3,
  delayMs: 0,
  maxRetryAfterMs: 0,
  matchers: [{ match: (error) => (error as { code?: unknown }).code === 'ECONNRESET' }],
})

const report = createReport('retry', { depths, options: { maxRetries: 3, delayMs: 0, maxRetryAfterMs: 0 } })
for (const depth of depths) {
  for (const scenario of scenarios) {
    const args: ProcessAPIErrorArgs = { error: scenario.error(depth), messages: [], retryCount: 0, stepNumber: 0, state: {}, model: 'openai/gpt-4o' }
    const decision = await processor.decide(args)
    const retried = (await processor.processAPIError(args))?.retry === true
    // Beyond errorChain's 32 levels the root is not inspected: the decision is reported, not checked.
    if (depth <= 32 && retried !== scenario.expectRetry)
      throw new Error(`${scenario.name} at depth ${depth}: expected retry ${scenario.expectRetry}, decided ${decision.reason}`)
    const { medianUs, bestUs } = await microsPerAsyncCall(() => processor.processAPIError(args), { calls: 2_000, rounds: 7 })
    report.row('retry decision: processAPIError (no delay)', {
      'chain depth': depth,
      error: scenario.name,
      decision: `${decision.reason}${decision.chainIndex === undefined ? '' : ` @${decision.chainIndex}`}`,
      'µs/call p50': medianUs,
      'µs/call best': bestUs,
    })
  }
}
report.note('errorChain stops at 32 levels (MAX_CHAIN_DEPTH): deeper causes are not inspected, so depth 100 costs about what 32 does.')
report.printTables()
report.save()
