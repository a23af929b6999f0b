// Timing, statistics, garbage collection and memory sampling for the benchmarks.
// Figures are printed, never asserted: machines here are shared and noisy.
import { performance, PerformanceObserver } from 'node:perf_hooks'
import v8 from 'node:v8'
import vm from 'node:vm'
import { itemAt } from './item-at.ts'

/** Percentile (0-100) of already sorted numbers, nearest-rank. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN
  const rank = Math.ceil((p / 100) * sorted.length)
  return itemAt(sorted, Math.min(sorted.length, Math.max(1, rank)) - 1)
}

export type Summary = { count: number; min: number; p50: number; p95: number; p99: number; max: number; mean: number }

export function summarize(samples: readonly number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b)
  const mean = sorted.reduce((sum, value) => sum + value, 0) / Math.max(1, sorted.length)
  return {
    count: sorted.length,
    min: sorted[0] ?? Number.NaN,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
    mean,
  }
}

/** Milliseconds an async (or sync) call takes, with its result. */
export async function timed<T>(fn: () => T | Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now()
  const value = await fn()
  return { ms: performance.now() - start, value }
}

let collect: (() => void) | undefined

/** A full garbage collection; works without --expose-gc (the flag is set at run time). */
export function gc(): void {
  if (collect === undefined) {
    const exposed = (globalThis as { gc?: () => void }).gc
    if (exposed) collect = exposed
    else {
      v8.setFlagsFromString('--expose-gc')
      collect = vm.runInNewContext('gc') as () => void
    }
  }
  collect()
}

/**
 * Peak resident set size while `fn` runs: sampled every few milliseconds and
 * once at the end (work done synchronously, e.g. by PGlite's WASM, is seen at
 * its end). Returns MiB; `baseline` is the RSS after a GC before starting.
 */
export async function withPeakRss<T>(fn: () => Promise<T>): Promise<{ value: T; peakMiB: number; baselineMiB: number }> {
  gc()
  const baseline = process.memoryUsage.rss()
  let peak = baseline
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss())
  }, 5)
  try {
    const value = await fn()
    peak = Math.max(peak, process.memoryUsage.rss())
    return { value, peakMiB: peak / 2 ** 20, baselineMiB: baseline / 2 ** 20 }
  } finally {
    clearInterval(timer)
  }
}

/**
 * Microseconds per call of a synchronous function: `rounds` rounds of `calls`
 * calls (after a warm-up round); the median round and the best one.
 */
export function microsPerCall(fn: () => unknown, options: { calls: number; rounds: number }): { medianUs: number; bestUs: number } {
  const perRound: number[] = []
  for (let round = -1; round < options.rounds; round++) {
    const start = performance.now()
    for (let call = 0; call < options.calls; call++) fn()
    if (round >= 0) perRound.push(((performance.now() - start) * 1000) / options.calls)
  }
  const summary = summarize(perRound)
  return { medianUs: summary.p50, bestUs: summary.min }
}

/** As microsPerCall, for async functions (each call awaited). */
export async function microsPerAsyncCall(
  fn: () => Promise<unknown>,
  options: { calls: number; rounds: number },
): Promise<{ medianUs: number; bestUs: number }> {
  const perRound: number[] = []
  for (let round = -1; round < options.rounds; round++) {
    const start = performance.now()
    for (let call = 0; call < options.calls; call++) await fn()
    if (round >= 0) perRound.push(((performance.now() - start) * 1000) / options.calls)
  }
  const summary = summarize(perRound)
  return { medianUs: summary.p50, bestUs: summary.min }
}

// 'gc' performance entries are delivered a few event-loop turns after the collection.
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 50))

let gcEntries = 0
let gcObserver: PerformanceObserver | undefined

/** Growth of the used heap over `calls` calls, or null when a collection ran meanwhile. */
async function heapGrowth(fn: () => unknown, calls: number): Promise<number | null> {
  gc()
  await settle()
  const collectionsBefore = gcEntries
  const before = v8.getHeapStatistics().used_heap_size
  for (let i = 0; i < calls; i++) fn()
  const after = v8.getHeapStatistics().used_heap_size
  await settle()
  return gcEntries === collectionsBefore ? after - before : null
}

/**
 * Heap bytes allocated per call: the growth of the used heap over 2n calls
 * minus that over n calls, divided by n, so the fixed cost of measuring
 * cancels out (V8 exposes no cumulative allocation counter to read instead).
 * `null` when a collection ran during a loop (the growth would undercount):
 * use fewer calls then. Collections are counted from 'gc' performance entries.
 */
export async function heapBytesPerCall(fn: () => unknown, calls: number): Promise<number | null> {
  gcObserver ??= new PerformanceObserver((list) => {
    gcEntries += list.getEntries().length
  })
  gcObserver.observe({ entryTypes: ['gc'] })
  try {
    for (let i = 0; i < 2 * calls; i++) fn() // warm-up: inline caches and optimised code are allocated here, not below
    const single = await heapGrowth(fn, calls)
    const double = await heapGrowth(fn, 2 * calls)
    return single === null || double === null ? null : Math.max(0, double - single) / calls
  } finally {
    gcObserver.disconnect()
  }
}
