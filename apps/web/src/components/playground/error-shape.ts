import type { RouterInputs } from '@/trpc/types.ts'
import type { ErrorShape } from './provider-error-presets.ts'

// The error-shape editor's text fields and their translation into the
// playground's provider-error input, with a readable problem per field.

export type ProviderErrorInput = RouterInputs['playground']['retryDecision']['error']

export type ErrorShapeDraft = {
  kind: 'http' | 'stream-chunk' | 'connection'
  status: string
  /** one `Name: value` per line */
  headers: string
  body: string
  /** the stream chunk as JSON */
  chunk: string
  /** a dropped connection's Node error code and message */
  code: string
  message: string
}

export type ErrorShapeProblems = Partial<Record<'status' | 'headers' | 'chunk' | 'code' | 'message', string>>

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

const emptyDraft = { status: '', headers: '', body: '', chunk: '', code: '', message: '' }

export function draftOf(shape: ErrorShape): ErrorShapeDraft {
  switch (shape.kind) {
    case 'http':
      return { ...emptyDraft, kind: 'http', status: String(shape.status), headers: formatHeaders(shape.headers), body: prettyJson(shape.body) }
    case 'stream-chunk':
      return { ...emptyDraft, kind: 'stream-chunk', chunk: JSON.stringify(shape.chunk, null, 2) }
    case 'connection':
      return { ...emptyDraft, kind: 'connection', code: shape.code, message: shape.message }
  }
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
  if (draft.kind === 'connection') {
    const code = draft.code.trim()
    const message = draft.message.trim()
    if (code === '') problems.code = 'A connection error has a code, e.g. ECONNRESET'
    if (message === '') problems.message = 'A connection error has a message, e.g. socket hang up'
    return code === '' || message === '' ? { problems } : { error: { kind: 'connection', code, message }, problems }
  }
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
