// The playground's entry points: run a rule's source once against a prompt or
// a message list and report the result, the logs and the time taken. Thin
// wrappers over compileSandboxedRule: the same code path as production.
import { z } from 'zod'
import { InvalidInputError } from '../errors/index.ts'
import { toInputError } from '../validation/parse-input.ts'
import type { StoredMessage } from '../messages/types.ts'
import type { LanguageModelPrompt } from '../processors/types.ts'
import { compileSandboxedRule, type SandboxedCompatRule } from './compile-sandboxed-rule.ts'
import { parseLanguageModelPrompt } from './prompt-json.ts'
import type { SandboxLimits } from './sandbox-limits.ts'
import type { SandboxRun } from './sandbox-session.ts'
import { SandboxedRuleError, type SandboxedRuleErrorKind, type SandboxLog } from './sandboxed-rule-error.ts'
import { parseStoredMessages } from '../messages/schema.ts'

export type SandboxedRunOutcome<T> =
  | { ok: true; result: T; logs: SandboxLog[]; durationMs: number }
  | { ok: false; error: { kind: SandboxedRuleErrorKind; message: string }; logs: SandboxLog[]; durationMs: number }

const modelSchema = z.union([z.string().min(1), z.looseObject({ provider: z.string(), modelId: z.string() })])

/** Compiles `source` and runs one hook; a failing rule becomes `{ ok: false }`, bad input still throws. */
async function settle<T>(
  source: string,
  limits: Partial<SandboxLimits> | undefined,
  run: (rule: SandboxedCompatRule) => SandboxRun<T>,
): Promise<SandboxedRunOutcome<T>> {
  const started = performance.now()
  try {
    const { value, logs } = run(await compileSandboxedRule(source, { limits }))
    return { ok: true, result: value, logs, durationMs: performance.now() - started }
  } catch (error) {
    if (!SandboxedRuleError.isInstance(error)) throw error
    return { ok: false, error: { kind: error.kind, message: error.reason }, logs: error.logs, durationMs: performance.now() - started }
  }
}

/** Runs a rule's `applyToPrompt` on `prompt` (outside input, validated): the rewritten prompt, or undefined for "no change". */
export async function runSandboxedRule(input: {
  source: string
  prompt: unknown
  model: unknown
  limits?: Partial<SandboxLimits>
}): Promise<SandboxedRunOutcome<LanguageModelPrompt | undefined>> {
  const prompt = parseLanguageModelPrompt(input.prompt)
  if (!prompt.success) throw toInputError(prompt.error, { root: 'prompt' })
  const model = modelSchema.safeParse(input.model)
  if (!model.success) throw new InvalidInputError('model', "must be a 'provider/model' string or { provider, modelId }")
  return settle(input.source, input.limits, (rule) => rule.runApplyToPrompt({ prompt: prompt.data, model: model.data }))
}

/** Runs a rule's `fix` on a copy of `messages` (outside input, validated): whether it changed them, and the result. */
export async function runSandboxedFix(input: {
  source: string
  messages: unknown
  limits?: Partial<SandboxLimits>
}): Promise<SandboxedRunOutcome<{ changed: boolean; messages: StoredMessage[] }>> {
  const parsed = parseStoredMessages(input.messages)
  if (!parsed.success) throw toInputError(parsed.error, { root: 'messages' })
  const messages = parsed.data
  return settle(input.source, input.limits, (rule) => {
    const run = rule.runFix(messages)
    return { ...run, value: { changed: run.value, messages } }
  })
}
