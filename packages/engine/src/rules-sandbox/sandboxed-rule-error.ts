import { ThreadlineError } from '../errors/index.ts'
import { hasErrorMarker } from '../errors/threadline-error.ts'

const marker = Symbol.for('threadline.error.SandboxedRuleError')

/**
 * Why a sandboxed custom rule failed:
 * - `syntax`: the code does not parse
 * - `invalid-rule`: it parses but does not `export default` a usable rule
 * - `runtime`: it threw (including ReferenceErrors for `process`, `require`, ...)
 * - `timeout`: it ran past the time limit
 * - `memory`: it ran past the memory limit
 * - `invalid-result`: a hook returned something of the wrong shape
 * - `unavailable`: the sandbox is restarting after a crash; try again shortly
 */
export type SandboxedRuleErrorKind = 'syntax' | 'invalid-rule' | 'runtime' | 'timeout' | 'memory' | 'invalid-result' | 'unavailable'

export type SandboxLogLevel = 'log' | 'info' | 'warn' | 'error' | 'debug'

/** One `console.*` call made inside the sandbox. */
export type SandboxLog = { level: SandboxLogLevel; message: string }

export class SandboxedRuleError extends ThreadlineError {
  private readonly [marker] = true
  readonly kind: SandboxedRuleErrorKind
  readonly ruleName: string
  /** the failure without the rule-name prefix, for UIs that show the name already */
  readonly reason: string
  /** what the rule logged before it failed */
  readonly logs: SandboxLog[]

  constructor(kind: SandboxedRuleErrorKind, ruleName: string, reason: string, options?: { cause?: unknown; logs?: SandboxLog[] }) {
    super('SANDBOXED_RULE_FAILED', `Custom rule "${ruleName}" failed (${kind}): ${reason}`, { cause: options?.cause })
    this.kind = kind
    this.ruleName = ruleName
    this.reason = reason
    this.logs = options?.logs ?? []
  }

  static override isInstance(value: unknown): value is SandboxedRuleError {
    return hasErrorMarker(value, marker)
  }
}
