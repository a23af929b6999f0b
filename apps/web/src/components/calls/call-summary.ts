import type { CallTraceEvent, LLMCallSummary } from '@threadline/engine'
import { plural } from '../format.ts'

// One line of prose for a turn's calls, e.g. "2 retries, waited 3.2 s
// (Retry-After) · reasoning stripped for cerebras · 3 tool IDs rewritten after 400".
// From a call's events when its trace is loaded (counts, delay source, status),
// else from the listed summary alone (no counts).

type Summary = Pick<LLMCallSummary, 'retries' | 'waitedMs' | 'rules' | 'repairedMessageIds' | 'promptOnlyMessageIds' | 'outcome' | 'error'>
type Trace = Summary & {
  attempts: readonly { attempt: number; error: { statusCode?: number } | null }[]
  events: readonly Pick<CallTraceEvent, 'attempt' | 'type' | 'rule' | 'data'>[]
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`

const delaySources: Record<string, string> = {
  'retry-after': 'Retry-After',
  'retry-after-ms': 'retry-after-ms',
  'retry-after-date': 'Retry-After date',
  'error-text': 'delay named in the error',
  configured: 'configured delay',
}

/** What a built-in rule did, in words; a user rule is its name. `count` = tool IDs changed, when known. */
function ruleSentence(rule: string, kind: 'rule-applied' | 'repair', count: number | null, status: number | undefined): string {
  const after = kind === 'repair' ? ` after ${status ?? 'an error'}` : ''
  switch (rule) {
    case 'cerebras-strip-reasoning-content':
      return 'reasoning stripped for cerebras'
    case 'anthropic-strip-foreign-reasoning-content':
      return 'foreign reasoning stripped for anthropic'
    case 'openai-responses-orphan-reasoning':
      return `orphan reasoning removed for OpenAI Responses${after}`
    case 'anthropic-tool-id-format':
      return `${count === null ? 'tool IDs' : plural(count, 'tool ID')} rewritten${kind === 'repair' ? after : ' for anthropic'}`
    default:
      return kind === 'repair' ? `${rule} repaired messages${after}` : rule
  }
}

/** Every `toolCallId` value under a JSON value, in order. */
function toolCallIds(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const entry of value) toolCallIds(entry, found)
  else if (value !== null && typeof value === 'object') {
    for (const [key, entry] of Object.entries(value)) {
      if (key === 'toolCallId' && typeof entry === 'string') found.push(entry)
      else toolCallIds(entry, found)
    }
  }
  return found
}

/** Distinct tool IDs a rule changed: those in `before` that differ from `after` at the same place. */
function changedToolIds(data: Record<string, unknown>): number {
  const before = toolCallIds(data.before)
  const after = toolCallIds(data.after)
  return new Set(before.filter((id, index) => after[index] !== id)).size
}

function retryPart(retries: number, waitedMs: number, sources: readonly string[]): string | null {
  if (retries === 0) return null
  const named = [...new Set(sources.flatMap((source) => (delaySources[source] ? [delaySources[source]] : [])))]
  // a repair's retry follows at once: no wait worth naming
  const waited = waitedMs >= 100 ? `, waited ${seconds(waitedMs)}${named.length > 0 ? ` (${named.join(', ')})` : ''}` : ''
  return `${plural(retries, 'retry', 'retries')}${waited}`
}

function failurePart(call: Summary, attempts: number | null): string | null {
  if (call.outcome === 'success') return null
  const status = call.error?.statusCode ? ` (HTTP ${call.error.statusCode})` : ''
  return `${call.outcome}${attempts !== null && attempts > 1 ? ` after ${attempts} attempts` : ''}${status}`
}

/** Recall hits from another thread repaired for the retry but not saved (the thread does not own them). */
function promptOnlyPart(call: Summary): string | null {
  const count = call.promptOnlyMessageIds.length
  return count > 0 ? `${plural(count, 'recall hit')} from another thread repaired in the prompt only (not saved)` : null
}

function traceParts(call: Trace): (string | null)[] {
  const statusOf = (attempt: number) => call.attempts.find((entry) => entry.attempt === attempt)?.error?.statusCode
  const sources = call.events.flatMap((event) => (event.type === 'retry-decision' && event.data.retry ? [String(event.data.delaySource)] : []))
  const rules = call.events.flatMap((event) =>
    (event.type === 'rule-applied' || event.type === 'repair') && event.rule !== null
      ? [ruleSentence(event.rule, event.type, event.rule === 'anthropic-tool-id-format' ? changedToolIds(event.data) : null, statusOf(event.attempt))]
      : [],
  )
  return [retryPart(call.retries, call.waitedMs, sources), ...rules, promptOnlyPart(call), failurePart(call, call.attempts.length)]
}

function summaryParts(call: Summary): (string | null)[] {
  const repaired = call.repairedMessageIds.length
  return [
    retryPart(call.retries, call.waitedMs, []),
    ...call.rules.map((rule) => ruleSentence(rule, 'rule-applied', null, undefined)),
    repaired > 0 ? `${plural(repaired, 'message')} repaired` : null,
    promptOnlyPart(call),
    failurePart(call, null),
  ]
}

/** One line for a turn's calls; each call described from its trace when given (by id), else from its summary. */
export function summarizeCalls(calls: readonly (Summary & { id?: string })[], traces: ReadonlyMap<string, Trace> = new Map()): string {
  const parts = calls.flatMap((call) => {
    const trace = call.id === undefined ? undefined : traces.get(call.id)
    return (trace ? traceParts(trace) : summaryParts(call)).filter((part) => part !== null)
  })
  const distinct = [...new Set(parts)]
  if (calls.length > 1) distinct.unshift(`${calls.length} calls`)
  return distinct.length > 0 ? distinct.join(' · ') : 'clean call'
}
