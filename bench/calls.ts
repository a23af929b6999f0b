// Recording overhead (issue 14), recording on vs off in the same run:
// 1. an Agent call (ProviderHistoryCompat + StreamErrorRetryProcessor, an
//    in-process model answering at once) without a listener, with events
//    folded into a trace (no storage), and with the trace written through the
//    db's LLMCallLog: ms per call p50, on each database.
//
//   pnpm exec tsx bench/calls.ts [--calls=300] [--db=pglite,postgres]
import type { LanguageModelV3 } from '@ai-sdk/provider'
import { Agent, collectCallTraces, ProviderHistoryCompat, StreamErrorRetryProcessor, type LLMCallEventListener } from '@threadline/engine'
import { flagValue } from './lib/args.ts'
import { forEachBenchDatabase, selectedDatabaseKinds } from './lib/databases.ts'
import { summarize } from './lib/measure.ts'
import { createReport } from './lib/report.ts'

const calls = Number(flagValue('calls') ?? 300)

const model: LanguageModelV3 = {
  specificationVersion: 'v3',
  provider: 'bench.chat',
  modelId: 'instant',
  supportedUrls: {},
  doGenerate: () =>
    Promise.resolve({
      content: [{ type: 'text', text: 'ok' }],
      finishReason: { unified: 'stop', raw: 'stop' },
      usage: { inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 2, text: 2, reasoning: 0 } },
      warnings: [],
    }),
  doStream: () => Promise.reject(new Error('not used')),
}

const agent = (onEvent?: LLMCallEventListener) =>
  new Agent({
    id: 'bench',
    name: 'bench',
    instructions: 'Be brief.',
    model,
    inputProcessors: [new ProviderHistoryCompat()],
    errorProcessors: [new StreamErrorRetryProcessor()],
    ...(onEvent ? { onEvent } : {}),
  })

async function msPerCall(run: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < 50; i++) await run()
  const samples: number[] = []
  for (let i = 0; i < calls; i++) {
    const started = performance.now()
    await run()
    samples.push(performance.now() - started)
  }
  const summary = summarize(samples)
  return { p50: summary.p50, p95: summary.p95 }
}

const report = createReport('calls', { calls })
const off = agent()
const folded = collectCallTraces(() => undefined)
const inMemory = agent(folded.listener)

await forEachBenchDatabase(selectedDatabaseKinds(), async (db) => {
  const stored = collectCallTraces((trace) => db.callLog.record(trace))
  const recorded = agent(stored.listener)
  const rows = [
    ['recording off (no listener)', () => off.generate('Hi')],
    ['events folded into a trace, not stored', () => inMemory.generate('Hi')],
    ['recorded through LLMCallLog (call + attempts + events, one statement)', () => recorded.generate('Hi').then(() => stored.flush())],
  ] as const
  // every variant warmed before any is measured: the first one measured must not pay for the JIT
  for (const [, run] of rows) for (let i = 0; i < 200; i++) await run()
  const results = []
  for (const [label, run] of rows) results.push({ label, ...(await msPerCall(run)) })
  const baseline = results[0]?.p50 ?? 0
  report.table(
    'an Agent call, recording on vs off',
    results.map((result) => ({
      database: db.label,
      recording: result.label,
      'ms/call p50': Number(result.p50.toFixed(3)),
      'ms/call p95': Number(result.p95.toFixed(3)),
      'added p50 (ms)': Number((result.p50 - baseline).toFixed(3)),
    })),
  )
})

report.save()
