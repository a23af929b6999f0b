// The compiler (ProviderHistoryCompat's full rule pipeline) on a 10,000-message
// prompt for every target family, no rule applying and rules firing (issue 29,
// item 7: under 1 ms and 3 ms p50), beside the compat pass as it was before
// the compiler (its four rules, through the same processLLMRequest), in the
// same run: ms per call p50 / p99, CPU ms per call p50, and heap bytes per
// call of the compiler.
import { capabilityProfiles, type ProviderFamily } from '@threadline/engine'
import { allocatedBytesPerCall } from './allocations.ts'
import { compilerCall, type CompilerCallSpec, type CompilerHistory } from './compiler-call.ts'
import { summarize } from './measure.ts'
import type { createReport } from './report.ts'

export const COMPILER_TABLE = 'compiler: 10k-message prompt per target family'

/**
 * p50 / p99 in ms of `calls` calls, after a warm-up, and the p50 of the
 * process's CPU time per call (all its threads: the garbage collector's
 * helpers too). On a shared machine the wall time also counts the waits for a
 * core, the collector's helper threads' above all; the CPU time does not.
 */
function timeCalls(call: () => unknown, calls: number): { p50: number; p99: number; cpuP50: number } {
  for (let warm = 0; warm < 20; warm++) call()
  const samples: number[] = []
  const cpu: number[] = []
  for (let index = 0; index < calls; index++) {
    const cpuStart = process.cpuUsage()
    const start = performance.now()
    call()
    samples.push(performance.now() - start)
    const { user, system } = process.cpuUsage(cpuStart)
    cpu.push((user + system) / 1000)
  }
  const { p50, p99 } = summarize(samples)
  return { p50, p99, cpuP50: summarize(cpu).p50 }
}

export async function compilerBench(report: ReturnType<typeof createReport>, size = 10_000, calls = 300): Promise<void> {
  const histories: CompilerHistory[] = ['no rule applies', 'rules fire']
  for (const family of Object.keys(capabilityProfiles) as ProviderFamily[]) {
    for (const history of histories) {
      const spec: CompilerCallSpec = { family, history, size, rules: 'compiler' }
      const call = compilerCall(spec)
      const changed = call() !== undefined
      if (changed !== (history === 'rules fire')) throw new Error(`${family} / ${history}: expected ${changed ? 'no rewrite' : 'a rewrite'}`)
      const compiled = timeCalls(call, calls)
      const before = timeCalls(compilerCall({ ...spec, rules: 'pre-compiler' }), calls)
      const allocated = await allocatedBytesPerCall(new URL('compiler-call.ts', import.meta.url).href, 'compilerCall', spec, changed ? 3 : 200)
      report.row(COMPILER_TABLE, {
        target: family,
        history,
        messages: size,
        'compiler p50 ms': compiled.p50,
        'compiler p99 ms': compiled.p99,
        'compiler CPU p50 ms': compiled.cpuP50,
        'compiler heap bytes/call': allocated,
        'pre-compiler p50 ms': before.p50,
        'pre-compiler p99 ms': before.p99,
        'pre-compiler CPU p50 ms': before.cpuP50,
      })
    }
  }
}
