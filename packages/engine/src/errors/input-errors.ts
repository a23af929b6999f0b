import type { ThreadlineErrorCode } from './error-codes.ts'
import { hasErrorMarker, ThreadlineError } from './threadline-error.ts'

/** One problem with an input: where (`options.messageFilter.messageIds[2]`; '' for the input itself) and what. */
export type FieldIssue = { path: string; message: string }

type InputErrorCode = Extract<ThreadlineErrorCode, 'INVALID_INPUT' | 'INVALID_CLONE_OPTIONS' | 'INVALID_PROCESSOR_OPTIONS'>

type InputErrorDetails = {
  /** every problem found (default: the one named by `field` and `message`) */
  issues?: readonly FieldIssue[]
  /** set by the family's subclasses */
  code?: InputErrorCode
  /** the error's message (default: `Invalid "<field>": <message>`) */
  summary?: string
}

const invalidInput = Symbol.for('threadline.error.InvalidInputError')
const invalidCloneOptions = Symbol.for('threadline.error.InvalidCloneOptionsError')
const invalidProcessorOptions = Symbol.for('threadline.error.InvalidStreamErrorRetryOptionsError')

/**
 * Outside input the engine refuses. `field` is the first problem's path (one
 * format everywhere: `a.b[0].c`), `issues` all of them. The family's subclasses
 * are InvalidInputErrors too.
 */
export class InvalidInputError extends ThreadlineError {
  private readonly [invalidInput] = true
  declare readonly field: string
  readonly issues: readonly FieldIssue[]

  constructor(field: string, message: string, details: InputErrorDetails = {}) {
    super(details.code ?? 'INVALID_INPUT', details.summary ?? `Invalid "${field}": ${message}`, { field })
    this.issues = details.issues ?? [{ path: field, message }]
  }

  static override isInstance(value: unknown): value is InvalidInputError {
    return hasErrorMarker(value, invalidInput)
  }
}

export class InvalidCloneOptionsError extends InvalidInputError {
  private readonly [invalidCloneOptions] = true
  constructor(field: string, message: string, issues?: readonly FieldIssue[]) {
    super(field, message, { code: 'INVALID_CLONE_OPTIONS', summary: `Invalid clone option "${field}": ${message}`, ...(issues ? { issues } : {}) })
  }

  static override isInstance(value: unknown): value is InvalidCloneOptionsError {
    return hasErrorMarker(value, invalidCloneOptions)
  }
}

/** StreamErrorRetryProcessor options the processor refuses; the message lists every issue. */
export class InvalidStreamErrorRetryOptionsError extends InvalidInputError {
  private readonly [invalidProcessorOptions] = true
  constructor(issues: readonly FieldIssue[]) {
    const list = issues.map((issue) => `${issue.path || '(options)'}: ${issue.message}`).join('; ')
    super(issues[0]?.path || 'options', issues[0]?.message ?? 'are invalid', {
      code: 'INVALID_PROCESSOR_OPTIONS',
      summary: `Invalid StreamErrorRetryProcessor options: ${list}`,
      issues,
    })
  }

  static override isInstance(value: unknown): value is InvalidStreamErrorRetryOptionsError {
    return hasErrorMarker(value, invalidProcessorOptions)
  }
}
