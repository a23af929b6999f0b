// Errors no wait can fix. The spec's terminal errors are authentication and
// permission failures; quota exhaustion and `x-should-retry: false` are added
// here because retrying them only burns time and requests.
import { errorRecords, headerInChain } from '../../errors/inspect.ts'

export type TerminalErrorKind = 'http-401' | 'http-403' | 'auth-code' | 'insufficient-quota' | 'should-not-retry'
export type TerminalError = { kind: TerminalErrorKind; detail: string }

const AUTH_CODES = new Set([
  'invalid_api_key',
  'authentication_error',
  'permission_denied',
  'permission_error', // Anthropic's 403 type
  'unauthenticated', // Google's status for a 401
  'forbidden',
  'access_denied',
])
const QUOTA_CODES = new Set(['insufficient_quota'])

function httpStatusKind(status: unknown): TerminalErrorKind | undefined {
  const numeric = typeof status === 'string' && /^\d{3}$/.test(status) ? Number(status) : status
  if (numeric === 401) return 'http-401'
  if (numeric === 403) return 'http-403'
  return undefined
}

/** Why the error is terminal, or undefined when a retry could help. */
export function findTerminalError(error: unknown): TerminalError | undefined {
  for (const record of errorRecords(error)) {
    for (const key of ['statusCode', 'status', 'code'] as const) {
      const kind = httpStatusKind(record[key])
      if (kind) return { kind, detail: `${key} ${String(record[key])}` }
    }
    for (const key of ['code', 'type', 'status'] as const) {
      const value = record[key]
      if (typeof value !== 'string') continue
      const lower = value.toLowerCase()
      if (AUTH_CODES.has(lower)) return { kind: 'auth-code', detail: `${key} ${value}` }
      if (QUOTA_CODES.has(lower)) return { kind: 'insufficient-quota', detail: `${key} ${value}` }
    }
  }
  if (headerInChain(error, 'x-should-retry')?.trim().toLowerCase() === 'false') {
    return { kind: 'should-not-retry', detail: 'header x-should-retry: false' }
  }
  return undefined
}
