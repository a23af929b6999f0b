import type { ThreadlineErrorCode } from './error-codes.ts'

// Each error class carries a marker property keyed by a global symbol
// (`Symbol.for`), and its `isInstance` looks for the marker: unlike
// `instanceof`, it holds when the error comes from another copy of the
// engine (two bundles, two package versions).
const marker = Symbol.for('threadline.error')

/** Whether `value` carries the error marker `symbol` (set to true by the class that owns it). */
export function hasErrorMarker(value: unknown, symbol: symbol): boolean {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[symbol] === true
}

/**
 * The base of every engine error. `code` is stable (the API maps it to a
 * transport error); `field` names the offending input where there is one.
 */
export class ThreadlineError extends Error {
  private readonly [marker] = true
  readonly code: ThreadlineErrorCode
  readonly field?: string

  constructor(code: ThreadlineErrorCode, message: string, options?: { field?: string; cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause })
    this.name = new.target.name
    this.code = code
    if (options?.field !== undefined) this.field = options.field
  }

  static isInstance(value: unknown): value is ThreadlineError {
    return hasErrorMarker(value, marker)
  }
}
