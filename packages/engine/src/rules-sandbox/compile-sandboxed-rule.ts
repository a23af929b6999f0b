// A custom rule's JavaScript source turned into a real CompatRule whose hooks
// run in the QuickJS sandbox: every call gets a fresh runtime that evaluates
// the code, calls the hook with JSON input, and hands back JSON that is
// validated here before the host uses it.
import { isDeepStrictEqual } from 'node:util'
import { z } from 'zod'
import { parseInput } from '../validation/parse-input.ts'
import type { StoredMessage } from '../messages/types.ts'
import type { CompatRule } from '../processors/provider-history-compat/types.ts'
import type { LanguageModelPrompt } from '../processors/types.ts'
import { parseLanguageModelPrompt, toSandboxJson } from './prompt-json.ts'
import { readRuleDefinition, type RuleDefinition } from './rule-definition.ts'
import { errorPatternSourcesSchema, ruleNameSchema, ruleSourceSchema } from './rule-schemas.ts'
import { prepareSandbox } from './sandbox-engine.ts'
import { resolveSandboxLimits, type SandboxLimits } from './sandbox-limits.ts'
import { describeZodIssue, parseSandboxOutput } from './sandbox-output.ts'
import { runInSandbox, type SandboxRun } from './sandbox-session.ts'
import { SandboxedRegExp } from './sandboxed-regexp.ts'
import { SandboxedRuleError, type SandboxLog } from './sandboxed-rule-error.ts'
import { parseStoredMessages } from '../messages/schema.ts'

export type SandboxedRuleOptions = {
  /** replaces the name in the code (e.g. the saved rule's name) */
  name?: string | undefined
  /** more error patterns (RegExp sources), added to the code's own */
  errorPatterns?: readonly string[] | undefined
  limits?: Partial<SandboxLimits> | undefined
  /** called after each hook call that returned a usable result, with its console output (a failed call carries it on its SandboxedRuleError) */
  onRun?: ((run: SandboxedRuleRun) => void) | undefined
}

/** One successful hook call of a sandboxed rule: which hook, what it logged, how long it took. */
export type SandboxedRuleRun = { hook: 'applyToPrompt' | 'fix'; logs: SandboxLog[]; durationMs: number }

/** A CompatRule backed by sandboxed code, with run details for the playground. */
export type SandboxedCompatRule = CompatRule & {
  readonly source: string
  readonly limits: SandboxLimits
  /** `applyToPrompt`, with the run's logs and duration; throws SandboxedRuleError */
  runApplyToPrompt(args: { prompt: LanguageModelPrompt; model: unknown }): SandboxRun<LanguageModelPrompt | undefined>
  /** `fix` (mutates `messages` in place when it returns true), with logs and duration; throws SandboxedRuleError */
  runFix(messages: StoredMessage[]): SandboxRun<boolean>
}

const optionsSchema = z.object({
  name: ruleNameSchema.optional(),
  errorPatterns: errorPatternSourcesSchema.optional(),
  limits: z.unknown().optional(),
  onRun: z.custom<(run: SandboxedRuleRun) => void>((value) => typeof value === 'function', 'must be a function').optional(),
})

const promptEnvelopeSchema = z.union([
  z.object({ async: z.literal(true) }),
  z.object({ unserializable: z.string() }),
  z.object({ unchanged: z.literal(true) }),
  z.object({ prompt: z.unknown() }),
])

const fixEnvelopeSchema = z.union([
  z.object({ async: z.literal(true) }),
  z.object({ unserializable: z.string() }),
  z.object({ changedType: z.string(), changed: z.unknown().optional(), messages: z.unknown().optional() }),
])

/** What the rule sees as `model`: the 'provider/model' string, or a resolved model's { provider, modelId }. */
function modelForSandbox(model: unknown): string | { provider: string; modelId: string } | null {
  if (typeof model === 'string') return model
  if (model !== null && typeof model === 'object') {
    const { provider, modelId } = model as { provider?: unknown; modelId?: unknown }
    if (typeof provider === 'string' && typeof modelId === 'string') return { provider, modelId }
  }
  return null
}

type HookEnvelope = { async: true } | { unserializable: string } | object

/** The hook's JSON result, or the reason it is not a usable result (a Promise, not JSON, nested too deeply). */
function readEnvelope<T extends HookEnvelope>(
  json: string,
  schema: z.ZodType<T>,
  hook: string,
): { ok: true; value: Exclude<T, { async: true } | { unserializable: string }> } | { ok: false; reason: string } {
  const output = parseSandboxOutput(json)
  if (!output.ok) return { ok: false, reason: `${hook} returned a value that ${output.reason}` }
  const envelope = schema.parse(output.value)
  if ('async' in envelope) return { ok: false, reason: `${hook} must return synchronously (it returned a Promise)` }
  if ('unserializable' in envelope) {
    return { ok: false, reason: `${hook} returned a value that is not JSON (${envelope.unserializable})` }
  }
  return { ok: true, value: envelope as Exclude<T, { async: true } | { unserializable: string }> }
}

class SandboxedRule {
  constructor(
    readonly source: string,
    readonly definition: RuleDefinition,
    readonly limits: SandboxLimits,
  ) {}

  private invalidResult(reason: string, logs: SandboxLog[]): SandboxedRuleError {
    return new SandboxedRuleError('invalid-result', this.definition.name, reason, { logs })
  }

  private requireHook(has: boolean, hook: 'applyToPrompt' | 'fix'): void {
    if (!has) throw new SandboxedRuleError('invalid-rule', this.definition.name, `the rule has no \`${hook}\``)
  }

  runApplyToPrompt({ prompt, model }: { prompt: LanguageModelPrompt; model: unknown }): SandboxRun<LanguageModelPrompt | undefined> {
    this.requireHook(this.definition.hasApplyToPrompt, 'applyToPrompt')
    const promptJson = toSandboxJson(prompt)
    const inputJson = `{"prompt":${promptJson},"model":${JSON.stringify(modelForSandbox(model))}}`
    const run = runInSandbox(this.definition.name, this.limits, (session) => session.call('applyToPrompt', session.loadRule(this.source), inputJson))
    const envelope = readEnvelope(run.value, promptEnvelopeSchema, 'applyToPrompt')
    if (!envelope.ok) throw this.invalidResult(envelope.reason, run.logs)
    if (!('prompt' in envelope.value)) return { ...run, value: undefined }
    // a rule that hands back what it got changed nothing
    if (isDeepStrictEqual(envelope.value.prompt, JSON.parse(promptJson))) return { ...run, value: undefined }
    const parsed = parseLanguageModelPrompt(envelope.value.prompt)
    if (!parsed.success) {
      throw this.invalidResult(
        `applyToPrompt must return a prompt (an array of { role, content } messages) or undefined; ${describeZodIssue(parsed.error)}`,
        run.logs,
      )
    }
    return { ...run, value: parsed.data }
  }

  runFix(messages: StoredMessage[]): SandboxRun<boolean> {
    this.requireHook(this.definition.hasFix, 'fix')
    const messagesJson = toSandboxJson(messages)
    const run = runInSandbox(this.definition.name, this.limits, (session) => session.call('fix', session.loadRule(this.source), messagesJson))
    const envelope = readEnvelope(run.value, fixEnvelopeSchema, 'fix')
    if (!envelope.ok) throw this.invalidResult(envelope.reason, run.logs)
    if (!('changedType' in envelope.value)) throw this.invalidResult('fix gave an unreadable result', run.logs)
    const { changedType, changed } = envelope.value
    if (changedType !== 'boolean') throw this.invalidResult(`fix must return true or false (it returned ${changedType})`, run.logs)
    if (changed !== true) return { ...run, value: false }
    const repaired = parseStoredMessages(envelope.value.messages)
    if (!repaired.success) {
      throw this.invalidResult(`fix returned true but left invalid messages; ${describeZodIssue(repaired.error)}`, run.logs)
    }
    // `fix` mutates the caller's list: replace its contents, not the array
    messages.length = 0
    for (const message of repaired.data) messages.push(message)
    return { ...run, value: true }
  }
}

/**
 * Compiles a custom rule's source (an ES module that
 * `export default { name, applyToPrompt?, fix?, errorPatterns? }`): checks the
 * syntax and the default export in the sandbox once, then returns a CompatRule
 * whose hooks each run in a fresh sandbox. Throws SandboxedRuleError (`syntax`,
 * `invalid-rule`, `runtime`, `timeout`, `memory`) or InvalidInputError.
 */
export async function compileSandboxedRule(source: string, options: SandboxedRuleOptions = {}): Promise<SandboxedCompatRule> {
  const code = parseInput(ruleSourceSchema, source, { root: 'source' })
  const { name, errorPatterns, limits: limitInput, onRun } = parseInput(optionsSchema, options, { root: 'options' })
  const limits = resolveSandboxLimits(limitInput, 'options.limits')
  await prepareSandbox()
  const fallbackName = name ?? 'custom rule'
  const described = runInSandbox(fallbackName, limits, (session) => {
    session.checkSyntax(code)
    return session.call('describeRule', session.loadRule(code))
  })
  const definition = readRuleDefinition(described.value, { name, errorPatterns }, fallbackName, described.logs)
  const rule = new SandboxedRule(code, definition, limits)
  const compiled: SandboxedCompatRule = {
    name: definition.name,
    source: code,
    limits,
    runApplyToPrompt: (args) => rule.runApplyToPrompt(args),
    runFix: (messages) => rule.runFix(messages),
  }
  if (definition.errorPatterns.length > 0) {
    compiled.errorPatterns = definition.errorPatterns.map(
      (pattern) => new SandboxedRegExp(pattern.source, pattern.flags, { ruleName: definition.name, limits }),
    )
  }
  const reported = <T>(hook: SandboxedRuleRun['hook'], run: SandboxRun<T>): T => {
    onRun?.({ hook, logs: run.logs, durationMs: run.durationMs })
    return run.value
  }
  if (definition.hasApplyToPrompt) compiled.applyToPrompt = (args) => reported('applyToPrompt', rule.runApplyToPrompt(args))
  if (definition.hasFix) compiled.fix = (messages) => reported('fix', rule.runFix(messages))
  return Object.freeze(compiled)
}
