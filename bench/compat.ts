// Compat-pass benchmark (issue 8, part 2): ProviderHistoryCompat on prompts of
// 100, 1k and 10k messages for an Anthropic model, a Cerebras model and an
// unaffected one: µs per processLLMRequest call, heap bytes allocated per call,
// and whether an unchanged prompt comes back as `undefined` (nothing copied).
// Recording is off (no onEvent). Bytes are counted in a child process (see
// lib/allocations.ts) so that no collection runs during a sample.
// Then the reactive tool-ID repair (processAPIError) on 10k stored messages.
// Then the compiler (issue 29) per target family on 10k messages, no rule
// applying and rules firing, beside the pre-compiler compat pass's four rules
// (lib/compiler-bench.ts), in the same run.
//
//   pnpm exec tsx bench/compat.ts [--sizes=100,1000,10000] [--compiler-only]
import { ProviderHistoryCompat, type ProcessAPIErrorArgs, type StoredMessage } from '@threadline/engine'
import { allocatedBytesPerCall } from './lib/allocations.ts'
import { selectedSizes } from './lib/args.ts'
import { compilerBench } from './lib/compiler-bench.ts'
import { compatCall, compatModels as models, type CompatCallSpec } from './lib/compat-call.ts'
import { microsPerCall, summarize } from './lib/measure.ts'
import { conversation, type ReasoningStyle } from './lib/messages.ts'
import { createReport } from './lib/report.ts'
import { apiCallError } from './lib/provider-errors.ts'

const sizes = selectedSizes([100, 1_000, 10_000])

type Scenario = { model: keyof typeof models; prompt: string; reasoning: ReasoningStyle; expectChange: boolean }

const scenarios: Scenario[] = [
  { model: 'anthropic', prompt: 'OpenAI + Anthropic reasoning (rule fires)', reasoning: 'mixed', expectChange: true },
  { model: 'anthropic', prompt: 'Anthropic-signed reasoning only (nothing to do)', reasoning: 'anthropic', expectChange: false },
  { model: 'cerebras', prompt: 'reasoning present (rule fires)', reasoning: 'mixed', expectChange: true },
  { model: 'cerebras', prompt: 'no reasoning (nothing to do)', reasoning: 'none', expectChange: false },
  { model: 'unaffected', prompt: 'OpenAI + Anthropic reasoning', reasoning: 'mixed', expectChange: false },
]

/** Enough calls per round for ~10-50 ms rounds at these sizes. */
const callsFor = (size: number) => Math.max(20, Math.round(200_000 / size))

async function proactive(report: ReturnType<typeof createReport>): Promise<void> {
  for (const size of sizes) {
    for (const scenario of scenarios) {
      const spec: CompatCallSpec = { model: scenario.model, size, reasoning: scenario.reasoning }
      const call = compatCall(spec)
      const result = call()
      const changed = result !== undefined
      if (changed !== scenario.expectChange)
        throw new Error(`${scenario.model} / ${scenario.prompt}: expected ${scenario.expectChange ? 'a rewrite' : 'undefined'}`)
      const { medianUs, bestUs } = microsPerCall(call, { calls: callsFor(size), rounds: 9 })
      // Counted in a child process with a young generation that holds every sample (no collection mid-sample);
      // fewer calls for a rewrite, whose copies are large.
      const calls = changed ? Math.max(3, Math.round(20_000 / size)) : Math.max(200, Math.round(2_000_000 / size))
      const allocated = await allocatedBytesPerCall(new URL('lib/compat-call.ts', import.meta.url).href, 'compatCall', spec, calls)
      report.row('compat pass: processLLMRequest', {
        model: `${scenario.model} (${models[scenario.model]})`,
        prompt: scenario.prompt,
        messages: size,
        'µs/call p50': medianUs,
        'µs/call best': bestUs,
        result: changed ? `rewritten (${result.prompt.length} msgs)` : 'undefined (no copy)',
        'heap bytes/call': allocated,
      })
    }
  }
}

function toolIdError(): Error {
  return apiCallError({
    message: 'Bad Request',
    url: 'http://127.0.0.1/v1/messages',
    requestBodyValues: {},
    statusCode: 400,
    responseBody: JSON.stringify({
      type: 'error',
      error: { type: 'invalid_request_error', message: "messages.1.content.1.tool_use.id: String should match pattern '^[a-zA-Z0-9_-]+$'" },
    }),
  })
}

/** processAPIError mutates the history: each timed call gets its own fresh copy, prepared untimed. */
async function reactive(report: ReturnType<typeof createReport>): Promise<void> {
  const compat = new ProviderHistoryCompat()
  const size = 10_000
  const copies = 15
  const cases: { name: string; toolIds: 'valid' | 'foreign'; error: () => unknown; expectRetry: boolean }[] = [
    { name: 'Anthropic tool-ID 400, foreign IDs (fix rewrites)', toolIds: 'foreign', error: toolIdError, expectRetry: true },
    { name: 'Anthropic tool-ID 400, IDs already valid (nothing to fix)', toolIds: 'valid', error: toolIdError, expectRetry: false },
    { name: 'unrelated 500 (no rule matches)', toolIds: 'foreign', error: () => new Error('Internal server error'), expectRetry: false },
  ]
  for (const test of cases) {
    const original = conversation({ threadId: 'reactive', resourceId: 'reactive', count: size, toolIds: test.toolIds })
    const histories: StoredMessage[][] = Array.from({ length: copies + 1 }, () => structuredClone(original))
    const error = test.error()
    const samples: number[] = []
    for (const [index, messages] of histories.entries()) {
      const args: ProcessAPIErrorArgs = { error, messages, retryCount: 0, stepNumber: 0, state: {}, model: models.anthropic }
      const start = performance.now()
      const result = await compat.processAPIError(args)
      const ms = performance.now() - start
      if ((result?.retry === true) !== test.expectRetry) throw new Error(`${test.name}: expected retry ${test.expectRetry}`)
      if (index > 0) samples.push(ms * 1000) // the first call warms up
    }
    const summary = summarize(samples)
    report.row('compat: reactive tool-ID repair (processAPIError)', {
      case: test.name,
      messages: size,
      'µs/call p50': summary.p50,
      'µs/call best': summary.min,
      retry: test.expectRetry,
      calls: samples.length,
    })
  }
}

const report = createReport('compat', { sizes, models })
if (!process.argv.includes('--compiler-only')) {
  await proactive(report)
  await reactive(report)
}
await compilerBench(report)
report.printTables()
report.save()
