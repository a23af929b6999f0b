// One playground run, as plain data, executed inside a sandbox worker thread
// (playground-pool.ts): compile the custom rules, evaluate, and hand back a
// result that is small enough to send. Nothing here touches the database: the
// main thread resolves saved rules and thread messages before it sends a job.
import {
  decideRetry,
  InvalidInputError,
  type FieldIssue,
  type LanguageModelPrompt,
  type StoredMessage,
  type StreamErrorRetryOptionsData,
} from '@threadline/engine'
import { compileCustomRule, type ResolvedCustomRule, type RuleSource } from '../custom-rules.ts'
import { evaluateError, evaluatePrompt, ruleSet } from '../evaluate.ts'
import { runRuleFixtures, type RuleFixture } from '../fixtures.ts'
import { toProviderError, type ProviderErrorInput } from '../provider-error.ts'
import { resolveRetryOptions } from '../retry-options.ts'
import { compileSavedRule } from '../compile-saved-rule.ts'
import { countTokensJob, type CountTokensJob } from '../../workbench/tokens/count-tokens-job.ts'
import { loadBpe } from '../../workbench/tokens/bpe-encodings.ts'
import { runSavedRulesJob, type SavedRulesJob } from '../../workbench/saved-rules/saved-rules-job.ts'
import { runSwitchCheckJob, type SwitchCheckJob } from '../switch-check/switch-check-job.ts'

type RulesChoice = { builtInRules: string[] | undefined; customRules: RuleSource[] }

export type PlaygroundJob =
  | ({ op: 'runPrompt'; prompt: LanguageModelPrompt; messages: StoredMessage[] | null; model: string } & RulesChoice)
  | ({
      op: 'runError'
      error: ProviderErrorInput
      messages: StoredMessage[]
      model: string
      retryOptions: StreamErrorRetryOptionsData
      retryCount: number
    } & RulesChoice)
  | { op: 'retryDecision'; error: ProviderErrorInput; options: StreamErrorRetryOptionsData; retryCount: number; model: string }
  | { op: 'runFixtures'; rule: { code: string; name: string; errorPatterns: string[] }; fixtures: RuleFixture[] }
  // the workbench's work that must not run on the server's thread: token counts, saved rules
  | CountTokensJob
  | SavedRulesJob
  // the Switch check: every provider family's verdict on a thread's window
  | SwitchCheckJob

/** What a worker sends back: the value, or a failure the main thread turns into the matching error. */
export type PlaygroundJobOutcome =
  | { ok: true; value: unknown }
  | {
      ok: false
      failure: { kind: 'invalid-input'; field: string; message: string; issues: FieldIssue[] } | { kind: 'output-too-large'; bytes: number; limitBytes: number }
    }

/** Patterns of all custom rules of one run together (code and input): matching cost grows with their number. */
export const MAX_PATTERNS_PER_RUN = 200

async function compileAll(sources: readonly RuleSource[]): Promise<ResolvedCustomRule[]> {
  const compiled: ResolvedCustomRule[] = []
  for (const source of sources) compiled.push(await compileCustomRule(source.code, source))
  const patterns = compiled.reduce((sum, entry) => sum + (entry.rule?.errorPatterns?.length ?? 0), 0)
  if (patterns > MAX_PATTERNS_PER_RUN) {
    throw new InvalidInputError('customRules', `the custom rules have ${patterns} error patterns together; at most ${MAX_PATTERNS_PER_RUN} per run`)
  }
  return compiled
}

async function evaluate(job: PlaygroundJob): Promise<unknown> {
  switch (job.op) {
    case 'runPrompt':
      return evaluatePrompt(ruleSet(job.builtInRules, await compileAll(job.customRules)), job.prompt, job.model, job.messages)
    case 'runError':
      return evaluateError({
        set: ruleSet(job.builtInRules, await compileAll(job.customRules)),
        error: toProviderError(job.error),
        messages: job.messages,
        model: job.model,
        retryOptions: await resolveRetryOptions(job.retryOptions),
        retryCount: job.retryCount,
      })
    case 'retryDecision':
      return decideRetry(
        { error: toProviderError(job.error), messages: [], retryCount: job.retryCount, stepNumber: 0, state: {}, model: job.model },
        await resolveRetryOptions(job.options),
      )
    case 'runFixtures': {
      const results = await runRuleFixtures(await compileSavedRule(job.rule), job.fixtures)
      return { passed: results.every((result) => result.passed), results }
    }
    case 'countTokens':
      return countTokensJob(job)
    case 'savedRulesPrompt':
    case 'savedRulesError':
      return runSavedRulesJob(job)
    case 'switchCheckTable':
    case 'switchCheckDiff':
    case 'switchCheckRun':
      return runSwitchCheckJob(job)
  }
}

/**
 * Runs a job and measures its result as JSON before it leaves the worker: a
 * result over `maxOutputBytes` is refused here, so an oversized answer never
 * reaches the server's own thread.
 */
export async function runPlaygroundJob(job: PlaygroundJob, maxOutputBytes: number): Promise<PlaygroundJobOutcome> {
  try {
    const value = await evaluate(job)
    const json = JSON.stringify(value) as string | undefined
    const bytes = json === undefined ? 0 : Buffer.byteLength(json)
    if (bytes > maxOutputBytes) return { ok: false, failure: { kind: 'output-too-large', bytes, limitBytes: maxOutputBytes } }
    return { ok: true, value }
  } catch (error) {
    if (InvalidInputError.isInstance(error))
      return { ok: false, failure: { kind: 'invalid-input', field: error.field, message: error.message, issues: [...error.issues] } }
    throw error
  }
}

/**
 * Loads the sandbox (QuickJS) in this worker by compiling a trivial rule, and
 * the default BPE encoding (seconds of parsing), so a warm worker's first run
 * pays no start-up.
 */
export async function warmUp(): Promise<PlaygroundJobOutcome> {
  await loadBpe('o200k_base')
  await compileCustomRule('export default { name: "warm-up", applyToPrompt: () => undefined }', { name: undefined, errorPatterns: undefined, ruleId: null })
  return { ok: true, value: null }
}
