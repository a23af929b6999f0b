import type { ProcessorEventSink } from '../../calls/call-events.ts'
import { promptChange } from '../../calls/prompt-change.ts'
import type { StoredMessage } from '../../messages/types.ts'
import type {
  LanguageModelPrompt,
  ModelRef,
  ProcessAPIErrorArgs,
  ProcessAPIErrorResult,
  Processor,
  ProcessLLMRequestArgs,
  ProcessLLMRequestResult,
} from '../types.ts'
import { builtInCompatRules } from './built-in-rules.ts'
import { explainError, explainPrompt, type CompatVerdict } from './explain.ts'
import { runProactiveRules } from './run-proactive-rules.ts'
import type { CompatRule, ProactiveRuleOutcome } from './types.ts'
import { selectBuiltInRules, validateCompatRules } from './validate-rules.ts'

export type ProviderHistoryCompatOptions = {
  /** custom rules, run after the built-in rules */
  additionalRules?: CompatRule[]
  /** the built-in rules to run, by name (default: all); their names stay reserved either way */
  builtInRules?: readonly string[]
}

export type CompatExplainArgs = {
  /** the outbound prompt the proactive rules rewrite */
  prompt: LanguageModelPrompt
  model: ModelRef
  /** a provider error to run the reactive rules against */
  error?: unknown
  /** the stored messages a reactive fix repairs (a copy is repaired: the input is left alone) */
  messages: readonly StoredMessage[]
  /** the retry count processAPIError would see: the reactive rules act at 0 only */
  retryCount: number
}

/**
 * Input processor for provider-specific history incompatibilities
 * (docs/spec/provider-history-compat.md). Never added automatically.
 */
export class ProviderHistoryCompat implements Processor {
  readonly id = 'provider-history-compat'
  readonly name = 'Provider History Compat'
  /** built-in rules, then the custom ones, in the order they run */
  readonly rules: readonly CompatRule[]

  /** @throws InvalidInputError naming the bad field (e.g. `additionalRules[0].name` for a name already taken) */
  constructor(options: ProviderHistoryCompatOptions = {}) {
    const additionalRules = validateCompatRules(options.additionalRules ?? [], builtInCompatRules)
    this.rules = Object.freeze([...selectBuiltInRules(options.builtInRules), ...additionalRules])
  }

  /**
   * What the hooks would do, rule by rule, without doing it: the proactive
   * verdict for `prompt` and, given an error, the reactive verdict for
   * `messages` (repaired on a copy). The hooks below act on the same verdicts.
   */
  explain({ prompt, model, error, messages, retryCount }: CompatExplainArgs): CompatVerdict {
    const proactive = explainPrompt(this.rules, prompt, model)
    if (error === undefined) return { proactive }
    return { proactive, reactive: explainError(this.rules, { error, retryCount }, structuredClone(messages) as StoredMessage[]) }
  }

  /**
   * Proactive rules; the rewrite is for this call only (never saved). Each
   * rule's change is reported when the call is recorded; otherwise no
   * observer runs and nothing is allocated for it.
   */
  processLLMRequest(args: ProcessLLMRequestArgs): ProcessLLMRequestResult {
    const { prompt, onEvent } = args
    const next = runProactiveRules(this.rules, args, onEvent ? reportRuleChange(onEvent) : undefined)
    return next === prompt ? undefined : { prompt: next }
  }

  /**
   * Reactive rules, on the first retry only: a repair that did not help the
   * first time will not help again, so later failures go to other processors.
   * The fix repairs the live message list in place.
   */
  processAPIError({ error, messages, retryCount, onEvent }: ProcessAPIErrorArgs): Promise<ProcessAPIErrorResult> {
    const before = onEvent ? messages.map((message) => JSON.stringify(message)) : undefined
    const verdict = explainError(this.rules, { error, retryCount }, messages)
    if (onEvent && before && verdict.fixedBy) {
      const { rule, pattern, text } = verdict.fixedBy
      const changed = messages.flatMap((message, index) => (before[index] === JSON.stringify(message) ? [] : [{ message, index }]))
      onEvent({
        type: 'repair',
        rule: rule.name,
        pattern: String(pattern),
        matchedText: text,
        messageIds: changed.map(({ message }) => message.id),
        before: changed.map(({ index }) => JSON.parse(before[index] ?? 'null') as unknown),
        after: changed.map(({ message }) => structuredClone(message)),
      })
    }
    return Promise.resolve(verdict.retry ? { retry: true } : undefined)
  }
}

/** Reports each rule that changed the prompt, with its counts and diff. */
function reportRuleChange(onEvent: ProcessorEventSink): (outcome: ProactiveRuleOutcome) => void {
  return (outcome) => {
    if (outcome.status === 'changed') onEvent({ type: 'rule-applied', rule: outcome.rule.name, ...promptChange(outcome.before, outcome.prompt) })
  }
}
