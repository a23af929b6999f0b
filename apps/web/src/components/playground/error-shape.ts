import type { RouterInputs } from '@/trpc/types.ts'
import type { ErrorShape } from './provider-error-presets.ts'

// The error-shape editor's text fields and their translation into the
// playground's provider-error input, with a readable problem per field.

export type ProviderErrorInput = RouterInputs['playground']['retryDecision']['error']

export type ErrorShapeDraft = {
  kind: 'http' | 'stream-chunk'
  status: string
  /** one `Name: value` per line */
  headers: string
  body: string
  /** the stream chunk as JSON */
  chunk: string
}

export type ErrorShapeProblems = Partial<Record<'status' | 'headers' | 'chunk', string>>

export function formatHeaders(headers: Record<string, string>): string {
  return Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n')
}

/** `Name: value` lines (blank lines ignored); a line without a colon is a problem naming its number. */
export function parseHeaders(text: string): { headers: Record<string, string>; problem?: string } {
  const headers: Record<string, string> = {}
  const lines = text.split('\n')
  for (const [index, line] of lines.entries()) {
    if (line.trim() === '') continue
    const colon = line.indexOf(':')
    if (colon <= 0) return { headers, problem: `Line ${index + 1} is not “Name: value”` }
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  return { headers }
}

export function draftOf(shape: ErrorShape): ErrorShapeDraft {
  return shape.kind === 'http'
    ? { kind: 'http', status: String(shape.status), headers: formatHeaders(shape.headers), body: prettyJson(shape.body), chunk: '' }
    : { kind: 'stream-chunk', status: '', headers: '', body: '', chunk: JSON.stringify(shape.chunk, null, 2) }
}

/** Indents a JSON body for editing; other text is kept as it is. */
function prettyJson(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2)
  } catch {
    return body
  }
}

export function toProviderErrorInput(draft: ErrorShapeDraft): { error?: ProviderErrorInput; problems: ErrorShapeProblems } {
  const problems: ErrorShapeProblems = {}
  if (draft.kind === 'stream-chunk') {
    try {
      const chunk: unknown = JSON.parse(draft.chunk)
      return { error: { kind: 'stream-chunk', chunk }, problems }
    } catch (error) {
      problems.chunk = `The chunk is not valid JSON: ${error instanceof Error ? error.message : String(error)}`
      return { problems }
    }
  }
  const status = Number(draft.status)
  if (!Number.isInteger(status) || status < 100 || status > 599) problems.status = 'A status is a whole number from 100 to 599'
  const { headers, problem } = parseHeaders(draft.headers)
  if (problem) problems.headers = problem
  if (Object.keys(problems).length > 0) return { problems }
  return { error: { kind: 'http', status, headers, body: draft.body }, problems }
}
