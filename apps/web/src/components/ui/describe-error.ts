import { TRPCClientError } from '@trpc/client'

type ErrorData = { code?: string; field?: string; issues?: { path: string; message: string }[] }

/**
 * A failed call as a sentence an operator can act on: validation issues name
 * their field (`options.messageLimit: must not be negative`), other errors
 * keep the server's message.
 */
export function describeError(error: unknown): string {
  if (error instanceof TRPCClientError) {
    const data = error.data as ErrorData | undefined
    if (data?.issues && data.issues.length > 0) {
      return data.issues.map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message)).join('; ')
    }
    if (error.message === 'Failed to fetch') return 'The server could not be reached. Check that it is running and try again.'
    return error.message
  }
  return error instanceof Error ? error.message : String(error)
}

/** The tRPC error code of a failed call (NOT_FOUND, CONFLICT, ...). */
export function errorCode(error: unknown): string | undefined {
  return error instanceof TRPCClientError ? (error.data as ErrorData | undefined)?.code : undefined
}

/** The input field a failed call names (`data.field`), if any. */
export function errorField(error: unknown): string | undefined {
  return error instanceof TRPCClientError ? (error.data as ErrorData | undefined)?.field : undefined
}
