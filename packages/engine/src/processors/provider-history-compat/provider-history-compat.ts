import type {
  ProcessAPIErrorArgs,
  ProcessAPIErrorResult,
  Processor,
  ProcessLLMRequestArgs,
  ProcessLLMRequestResult,
} from '../types.ts'
import { builtInCompatRules } from './built-in-rules.ts'
import { runReactiveRules } from './reactive-rules.ts'
import { runProactiveRules } from './run-proactive-rules.ts'
import type { CompatRule } from './types.ts'
import { validateCompatRules } from './validate-rules.ts'

export type ProviderHistoryCompatOptions = {
  /** custom rules, run after the built-in rules */
  additionalRules?: CompatRule[]
}

/**
 * Input processor for provider-specific history incompatibilities
 * (spec: provider-history-compat.md). Never added automatically.
 */
export class ProviderHistoryCompat implements Processor {
  readonly id = 'provider-history-compat'
  readonly name = 'Provider History Compat'
  /** built-in rules, then the custom ones, in the order they run */
  readonly rules: readonly CompatRule[]

  constructor(options: ProviderHistoryCompatOptions = {}) {
    const additionalRules = validateCompatRules(options.additionalRules ?? [], builtInCompatRules)
    this.rules = Object.freeze([...builtInCompatRules, ...additionalRules])
  }

  /** Proactive rules; the rewrite is for this call only (never saved). */
  processLLMRequest({ prompt, model }: ProcessLLMRequestArgs): ProcessLLMRequestResult {
    const next = runProactiveRules(this.rules, prompt, model)
    return next === prompt ? undefined : { prompt: next }
  }

  /**
   * Reactive rules, on the first retry only: a repair that did not help the
   * first time will not help again, so later failures go to other processors.
   */
  async processAPIError({ error, messages, retryCount }: ProcessAPIErrorArgs): Promise<ProcessAPIErrorResult> {
    if (retryCount !== 0) return undefined
    return runReactiveRules(this.rules, error, messages) ? { retry: true } : undefined
  }
}
