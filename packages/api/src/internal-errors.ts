// Failures of the server itself (a database error, a bug) never reach the
// client as they are: the client gets a generic message with an error ID, and
// the details go to the log under that ID. One step of the error mapping, kept
// apart from how messages of the caller's own mistakes are worded.
import { randomUUID } from 'node:crypto'
import type { TRPCError } from '@trpc/server'
import { logger } from './logger.ts'

export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on the server'

/** For an INTERNAL_SERVER_ERROR: logs it with a new error ID and returns what the client may see; otherwise undefined. */
export function hideInternalError(error: TRPCError, path: string | undefined): { message: string; errorId: string } | undefined {
  if (error.code !== 'INTERNAL_SERVER_ERROR') return undefined
  const errorId = randomUUID()
  const cause = error.cause ?? error
  // a caller that went away (a cancelled workbench turn) is no failure of the server
  const aborted = cause instanceof Error && (cause.name === 'AbortError' || cause.name === 'ResponseAborted')
  if (aborted) logger.debug({ errorId, path }, 'request aborted by its caller')
  else logger.error({ errorId, path, err: cause }, 'internal error')
  return { message: `${INTERNAL_ERROR_MESSAGE} (error ID ${errorId}); the details are in the server log`, errorId }
}
