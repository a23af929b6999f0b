// The compat processor of a workbench turn and of the context view: the
// built-in rules run here (cheap, the engine's own code), then the operators'
// saved, enabled rules run on the sandbox worker pool with the playground's
// budgets (saved-rules-job.ts), so a slow rule costs a worker, never the
// server's thread. Same order and outcome as one ProviderHistoryCompat with
// the saved rules as its `additionalRules`: proactively built-ins then saved
// rules on each step's prompt; reactively the built-ins' fix first, then the
// saved rules'.
import {
  errorTexts,
  ProviderHistoryCompat,
  type LanguageModelPrompt,
  type ModelRef,
  type ProcessAPIErrorArgs,
  type ProcessAPIErrorResult,
  type Processor,
  type ProcessLLMRequestArgs,
  type ProcessLLMRequestResult,
  type StoredMessage,
} from '@threadline/engine'
import type { PlaygroundPool } from '../../playground/worker/playground-pool.ts'
import type { RuleStore } from '../../playground/rule-store.ts'
import type { ModelData, SavedRuleCode, SavedRulesErrorResult, SavedRulesJob, SavedRulesPromptResult } from './saved-rules-job.ts'

const modelData = (model: ModelRef): ModelData => (typeof model === 'string' ? model : { provider: model.provider, modelId: model.modelId })

/** The live message list takes the worker's repair: changed messages replaced, or the whole list when its length changed. */
function applyRepair(messages: StoredMessage[], repaired: StoredMessage[]): void {
  if (repaired.length !== messages.length) {
    messages.splice(0, messages.length, ...repaired)
    return
  }
  repaired.forEach((message, index) => {
    if (JSON.stringify(message) !== JSON.stringify(messages[index])) messages[index] = message
  })
}

export class WorkbenchCompat implements Processor {
  readonly id: string
  readonly name: string
  readonly #builtIn = new ProviderHistoryCompat()
  readonly #saved: readonly SavedRuleCode[]
  readonly #pool: PlaygroundPool
  readonly #callerKey: string

  /** the operators' enabled saved rules this processor runs, by name (the turn's "Enabled rules acted" names them) */
  get savedRuleNames(): readonly string[] {
    return this.#saved.map((rule) => rule.name)
  }

  constructor(saved: readonly SavedRuleCode[], pool: PlaygroundPool, callerKey: string) {
    this.id = this.#builtIn.id
    this.name = this.#builtIn.name
    this.#saved = saved
    this.#pool = pool
    this.#callerKey = callerKey
  }

  #run<T>(job: SavedRulesJob): Promise<T> {
    return this.#pool.run(this.#callerKey, job) as Promise<T>
  }

  async processLLMRequest(args: ProcessLLMRequestArgs): Promise<ProcessLLMRequestResult> {
    const builtIn = this.#builtIn.processLLMRequest(args)
    if (this.#saved.length === 0) return builtIn
    const { onEvent } = args
    const result = await this.#run<SavedRulesPromptResult>({
      op: 'savedRulesPrompt',
      rules: [...this.#saved],
      prompt: builtIn?.prompt ?? args.prompt,
      model: modelData(args.model),
      stepNumber: args.stepNumber,
      retryCount: args.retryCount,
      record: onEvent !== undefined,
    })
    for (const event of result.events) onEvent?.(event)
    return result.prompt === null ? builtIn : { prompt: result.prompt }
  }

  async processAPIError(args: ProcessAPIErrorArgs): Promise<ProcessAPIErrorResult> {
    const builtIn = await this.#builtIn.processAPIError(args)
    if (builtIn?.retry === true || this.#saved.length === 0) return builtIn
    const { onEvent } = args
    const result = await this.#run<SavedRulesErrorResult>({
      op: 'savedRulesError',
      rules: [...this.#saved],
      errorTexts: errorTexts(args.error),
      messages: args.messages,
      model: modelData(args.model),
      stepNumber: args.stepNumber,
      retryCount: args.retryCount,
      record: onEvent !== undefined,
    })
    for (const event of result.events) onEvent?.(event)
    if (!result.retry) return undefined
    applyRepair(args.messages, result.messages)
    return { retry: true }
  }

  /**
   * What the proactive rules make of `prompt` (nothing is sent): the rewritten
   * prompt, the rules that changed it, in order, and each rule's change (the
   * prompt messages it replaced and what replaced them).
   */
  async explainPrompt(prompt: LanguageModelPrompt, model: ModelRef): Promise<PromptVerdict> {
    const changes: RuleChange[] = []
    const result = await this.processLLMRequest({
      prompt,
      model,
      stepNumber: 0,
      retryCount: 0,
      state: {},
      onEvent: (event) => {
        if (event.type === 'rule-applied') changes.push({ rule: event.rule, before: event.before, after: event.after })
      },
    })
    return { prompt: result?.prompt ?? prompt, rulesApplied: changes.map((change) => change.rule), changes }
  }
}

/** One proactive rule's rewrite: the prompt messages it replaced or removed (`before`) and what replaced them (`after`). */
export type RuleChange = { rule: string; before: unknown[]; after: unknown[] }

export type PromptVerdict = { prompt: LanguageModelPrompt; rulesApplied: string[]; changes: RuleChange[] }

/** The processor with the operators' enabled saved rules, running them on the pool for `callerKey`. */
export async function workbenchCompat(rules: RuleStore, pool: PlaygroundPool, callerKey: string): Promise<WorkbenchCompat> {
  const enabled = (await rules.list()).filter((rule) => rule.enabled)
  return new WorkbenchCompat(
    enabled.map(({ code, name, errorPatterns }) => ({ code, name, errorPatterns })),
    pool,
    callerKey,
  )
}
