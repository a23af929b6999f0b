// One sandboxed call: a fresh QuickJS runtime + context with the call's limits,
// the harness, the rule code, then everything disposed. Every failure becomes
// a SandboxedRuleError; a crash inside WebAssembly also retires the module.
import type { QuickJSContext, QuickJSHandle, QuickJSRuntime, QuickJSWASMModule } from 'quickjs-emscripten'
import { z } from 'zod'
import { currentSandboxModule, retireSandboxModule } from './sandbox-engine.ts'
import { HARNESS_FILENAME, HARNESS_LIMITS, HARNESS_SOURCE, type HarnessOp } from './sandbox-harness.ts'
import type { SandboxLimits } from './sandbox-limits.ts'
import { SandboxedRuleError, type SandboxedRuleErrorKind, type SandboxLog, type SandboxLogLevel } from './sandboxed-rule-error.ts'

/** The file name rule code runs under (error locations point into it). */
const RULE_FILENAME = 'rule.js'

const LOG_LEVELS: readonly SandboxLogLevel[] = ['log', 'info', 'warn', 'error', 'debug']

export type SandboxRun<T> = { value: T; logs: SandboxLog[]; durationMs: number }

export type SandboxSession = {
  /** Parses rule code without running it; a parse error fails the call as `syntax`. */
  checkSyntax(source: string): void
  /** Evaluates rule code as an ES module; returns its namespace. */
  loadRule(source: string): QuickJSHandle
  /** Calls the harness dispatcher; returns the JSON text it produced. */
  call(op: HarnessOp, ...args: (string | number | QuickJSHandle)[]): string
  /** Fails the call with the session's logs attached. */
  fail(kind: SandboxedRuleErrorKind, reason: string): never
}

const thrownSchema = z.object({ name: z.string(), message: z.string(), stack: z.string() })

/** "line 3, column 7" from the first frame of the rule file in a QuickJS stack, if any. */
function locationIn(stack: string): string {
  const frame = new RegExp(`${RULE_FILENAME.replace('.', '\\.')}:(\\d+):(\\d+)`).exec(stack)
  return frame === null ? '' : ` (line ${frame[1]}, column ${frame[2]})`
}

function isOutOfMemory(thrown: { name: string; message: string }): boolean {
  return thrown.name === 'InternalError' && /out of memory|string too long/.test(thrown.message)
}

class Session implements SandboxSession {
  private readonly handles = new Set<QuickJSHandle>()
  private dispatcher: QuickJSHandle | undefined
  private droppedLogs = false

  constructor(
    private readonly context: QuickJSContext,
    private readonly ruleName: string,
    private readonly limits: SandboxLimits,
    private readonly clock: { deadline: number; interrupted: boolean },
    private readonly logs: SandboxLog[],
  ) {}

  /** Installs the harness (before any rule code runs, so it holds the real built-ins). */
  start(): void {
    const { context } = this
    const hostLog = this.track(context.newFunction('hostLog', (level, text, length) => this.collectLog(level, text, length)))
    const harness = this.unwrap(context.evalCode(HARNESS_SOURCE, HARNESS_FILENAME, { type: 'global', strict: true }), 'run')
    const limits = [HARNESS_LIMITS.maxLogLines, HARNESS_LIMITS.maxLogChars, HARNESS_LIMITS.maxThrownChars].map((limit) => this.track(context.newNumber(limit)))
    this.dispatcher = this.unwrap(context.callFunction(harness, context.undefined, hostLog, ...limits), 'run')
  }

  checkSyntax(source: string): void {
    this.unwrap(this.context.evalCode(source, RULE_FILENAME, { type: 'module', compileOnly: true }), 'parse')
  }

  loadRule(source: string): QuickJSHandle {
    const evaluation = this.unwrap(this.context.evalCode(source, RULE_FILENAME, { type: 'module' }), 'run')
    const state = this.context.getPromiseState(evaluation)
    if (state.type === 'pending') {
      this.fail('invalid-rule', 'top-level await is not supported: the rule module must finish evaluating synchronously')
    }
    if (state.type === 'rejected') this.failWith(state.error, 'run')
    return this.track(state.value)
  }

  call(op: HarnessOp, ...args: (string | number | QuickJSHandle)[]): string {
    if (this.dispatcher === undefined) throw new Error('the sandbox harness is missing')
    const handles = [op, ...args].map((arg) =>
      typeof arg === 'string' ? this.track(this.context.newString(arg)) : typeof arg === 'number' ? this.track(this.context.newNumber(arg)) : arg,
    )
    const output = this.unwrap(this.context.callFunction(this.dispatcher, this.context.undefined, handles), 'run')
    if (this.context.typeof(output) !== 'string') throw new Error(`the sandbox harness returned a ${this.context.typeof(output)}`)
    return this.context.getString(output)
  }

  fail(kind: SandboxedRuleErrorKind, reason: string): never {
    throw new SandboxedRuleError(kind, this.ruleName, reason, { logs: this.logs })
  }

  /** Disposes every handle this session made (before the context: QuickJS asserts on leaks). */
  dispose(): void {
    for (const handle of [...this.handles].reverse()) if (handle.alive) handle.dispose()
    this.handles.clear()
  }

  private track<H extends QuickJSHandle>(handle: H): H {
    this.handles.add(handle)
    return handle
  }

  private unwrap(result: { value: QuickJSHandle; error?: undefined } | { error: QuickJSHandle }, phase: 'parse' | 'run'): QuickJSHandle {
    if (result.error !== undefined) this.failWith(result.error, phase)
    return this.track(result.value)
  }

  /** Turns a value thrown inside QuickJS into the matching SandboxedRuleError. */
  private failWith(thrownHandle: QuickJSHandle, phase: 'parse' | 'run'): never {
    this.track(thrownHandle)
    const timeout = () => this.fail('timeout', `did not finish within the ${this.limits.timeoutMs} ms time limit`)
    if (this.clock.interrupted) timeout()
    const thrown = this.describeThrown(thrownHandle)
    if (thrown === undefined) {
      if (this.clock.interrupted) timeout()
      this.fail('runtime', 'threw a value that could not be read')
    }
    const where = locationIn(thrown.stack)
    if (isOutOfMemory(thrown)) {
      const limitMb = Math.round(this.limits.memoryLimitBytes / (1024 * 1024))
      this.fail('memory', `exceeded the ${limitMb} MB memory limit (${thrown.name}: ${thrown.message}${where})`)
    }
    // parsing also resolves imports: "could not load module" is a ReferenceError, not a syntax error
    const kind = phase === 'parse' && thrown.name === 'SyntaxError' ? 'syntax' : 'runtime'
    this.fail(kind, `${thrown.name}: ${thrown.message}${where}`)
  }

  private describeThrown(thrownHandle: QuickJSHandle): z.infer<typeof thrownSchema> | undefined {
    if (this.dispatcher === undefined) return undefined
    const op = this.track(this.context.newString('describeThrown'))
    const result = this.context.callFunction(this.dispatcher, this.context.undefined, op, thrownHandle)
    const handle = this.track(result.error ?? result.value)
    if (result.error !== undefined || this.context.typeof(handle) !== 'string') return undefined
    const parsed = thrownSchema.safeParse(JSON.parse(this.context.getString(handle)))
    return parsed.success ? parsed.data : undefined
  }

  /** A log line the harness already cut to maxLogChars (`length` is the full line's); nothing longer is ever copied out. */
  private collectLog(levelHandle: QuickJSHandle | undefined, textHandle: QuickJSHandle | undefined, lengthHandle: QuickJSHandle | undefined): void {
    const { maxLogLines, maxLogChars } = HARNESS_LIMITS
    if (this.logs.length >= maxLogLines) {
      if (!this.droppedLogs) this.logs.push({ level: 'warn', message: `(more than ${maxLogLines} log lines: the rest were dropped)` })
      this.droppedLogs = true
      return
    }
    if (levelHandle === undefined || textHandle === undefined || lengthHandle === undefined || this.context.typeof(textHandle) !== 'string') return
    const level = this.context.getString(levelHandle)
    const text = this.context.getString(textHandle).slice(0, maxLogChars)
    const length = this.context.getNumber(lengthHandle)
    this.logs.push({
      level: LOG_LEVELS.find((known) => known === level) ?? 'log',
      message: length > text.length ? `${text}… (${length} characters)` : text,
    })
  }
}

/** A crash inside WebAssembly (or the binding), not a JavaScript error of the rule. */
function crashError(ruleName: string, error: unknown, logs: SandboxLog[]): SandboxedRuleError {
  const message = error instanceof Error ? error.message : String(error)
  const reason =
    error instanceof RangeError
      ? 'nested too deeply for the sandbox (the host stack overflowed); the sandbox was reset'
      : `the sandbox crashed (${message}); it was reset`
  return new SandboxedRuleError(/memory|OOM/i.test(message) ? 'memory' : 'runtime', ruleName, reason, { cause: error, logs })
}

/**
 * Runs `work` in a fresh QuickJS runtime with `limits`, synchronously. The
 * runtime is disposed whatever happens; `work` gets a session to load rule
 * code and call the harness. Throws SandboxedRuleError (with the logs so far).
 */
export function runInSandbox<T>(ruleName: string, limits: SandboxLimits, work: (session: SandboxSession) => T): SandboxRun<T> {
  const started = performance.now()
  const logs: SandboxLog[] = []
  const module: QuickJSWASMModule | undefined = currentSandboxModule()
  if (module === undefined) {
    throw new SandboxedRuleError('unavailable', ruleName, 'the sandbox is not loaded yet or is restarting after a crash; try again shortly')
  }
  // the budget is the rule's: it starts after our own setup (runtime, harness)
  const clock = { deadline: Number.POSITIVE_INFINITY, interrupted: false }
  let runtime: QuickJSRuntime | undefined
  let context: QuickJSContext | undefined
  let session: Session | undefined
  let outcome: { value: T } | { error: unknown }
  try {
    runtime = module.newRuntime({
      memoryLimitBytes: limits.memoryLimitBytes,
      maxStackSizeBytes: limits.maxStackSizeBytes,
      interruptHandler: () => {
        if (Date.now() < clock.deadline) return false
        clock.interrupted = true
        return true
      },
    })
    context = runtime.newContext()
    session = new Session(context, ruleName, limits, clock, logs)
    session.start()
    clock.deadline = Date.now() + limits.timeoutMs
    outcome = { value: work(session) }
  } catch (error) {
    outcome = { error }
  }
  const crashed = 'error' in outcome && !SandboxedRuleError.isInstance(outcome.error)
  if (crashed) {
    // the module's state is unknown: never touch this runtime again
    retireSandboxModule(module)
  } else {
    try {
      session?.dispose()
      context?.dispose()
      runtime?.dispose()
    } catch {
      // a leaked handle aborts QuickJS: the result is still valid, the module is not
      retireSandboxModule(module)
    }
  }
  if ('error' in outcome) throw crashed ? crashError(ruleName, outcome.error, logs) : outcome.error
  return { value: outcome.value, logs, durationMs: performance.now() - started }
}
