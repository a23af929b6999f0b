import type { LLMCallSummary } from '@threadline/engine'

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`

/** One line for a turn's calls: "1 retry, waited 1.0 s · anthropic-tool-id-format · 1 message repaired". */
export function summarizeCalls(calls: readonly Pick<LLMCallSummary, 'retries' | 'waitedMs' | 'rules' | 'repairedMessageIds' | 'outcome' | 'error'>[]): string {
  const retries = calls.reduce((sum, call) => sum + call.retries, 0)
  const waited = calls.reduce((sum, call) => sum + call.waitedMs, 0)
  const rules = [...new Set(calls.flatMap((call) => call.rules))]
  const repaired = new Set(calls.flatMap((call) => call.repairedMessageIds)).size
  const failed = calls.find((call) => call.outcome !== 'success')
  const parts = [
    calls.length > 1 ? `${calls.length} calls` : null,
    retries > 0 ? `${retries} ${retries === 1 ? 'retry' : 'retries'}, waited ${seconds(waited)}` : null,
    ...rules,
    repaired > 0 ? `${repaired} ${repaired === 1 ? 'message' : 'messages'} repaired` : null,
    failed ? `${failed.outcome}${failed.error?.statusCode ? ` (HTTP ${failed.error.statusCode})` : ''}` : null,
  ].filter((part) => part !== null)
  return parts.length > 0 ? parts.join(' · ') : 'clean call'
}
