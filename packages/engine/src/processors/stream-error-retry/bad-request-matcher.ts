import { errorChain, statusCodeOf } from '../../errors/inspect.ts'

/** True when the error or a cause is an HTTP 400: handy as a custom matcher. */
export function isBadRequestError(error: unknown): boolean {
  return errorChain(error).some((level) => statusCodeOf(level) === 400)
}
