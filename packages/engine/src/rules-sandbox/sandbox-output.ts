import type { z } from 'zod'
import { fieldIssues } from '../validation/parse-input.ts'

/** Deeper than this, a result is refused: later host code (JSON, structuredClone) recurses over it. */
const MAX_RESULT_DEPTH = 64

function depthExceeds(value: unknown, limit: number): boolean {
  const pending: { value: unknown; depth: number }[] = [{ value, depth: 0 }]
  while (pending.length > 0) {
    const next = pending.pop()
    if (next === undefined || next.value === null || typeof next.value !== 'object') continue
    if (next.depth >= limit) return true
    for (const child of Object.values(next.value)) pending.push({ value: child, depth: next.depth + 1 })
  }
  return false
}

/** Parses JSON text produced in the sandbox; refuses results nested too deeply for the host. */
export function parseSandboxOutput(text: string): { ok: true; value: unknown } | { ok: false; reason: string } {
  const value: unknown = JSON.parse(text)
  if (depthExceeds(value, MAX_RESULT_DEPTH)) return { ok: false, reason: `it nests deeper than ${MAX_RESULT_DEPTH} levels` }
  return { ok: true, value }
}

/** The first zod issue as "at [2].content[0].type: <message>". */
export function describeZodIssue(error: z.ZodError): string {
  const issue = fieldIssues(error)[0]
  if (issue === undefined) return 'invalid value'
  return issue.path === '' ? issue.message : `at ${issue.path}: ${issue.message}`
}
