import { errorChain, headersOf, messageOf, responseBodyOf, statusCodeOf } from '../errors/inspect.ts'
import type { CallError } from './call-events.ts'

/** The error's name and message, with the first HTTP status, headers and body found along its cause chain. */
export function describeCallError(error: unknown): CallError {
  const described: CallError = {
    name: error instanceof Error ? error.name : typeof error,
    message: messageOf(error) ?? String(error),
  }
  for (const level of errorChain(error)) {
    const statusCode = statusCodeOf(level)
    if (statusCode === undefined) continue
    described.statusCode = statusCode
    const headers = headersOf(level)
    if (headers) described.responseHeaders = headers
    const body = responseBodyOf(level)
    if (body !== undefined) described.responseBody = body
    break
  }
  return described
}
