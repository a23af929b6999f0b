import type { StoredMessage } from '../../messages/types.ts'
import type { LanguageModelPrompt } from '../types.ts'
import { builtInCompatRules } from './built-in-rules.ts'
import { matchReactiveRules, runReactiveRules } from './reactive-rules.ts'
import { runProactiveRules } from './run-proactive-rules.ts'
import type { CompatRule, ProactiveRuleOutcome, ReactiveRuleMatch, ReactiveRuleOutcome } from './types.ts'

export type CompatEvaluationInput = {
  /** defaults to the built-in rules */
  rules?: readonly CompatRule[]
  prompt: LanguageModelPrompt
  model: unknown
  /** a provider error to run the reactive rules against */
  error?: unknown
  /** the stored messages a reactive fix would repair (copied: the input is left alone) */
  messages?: readonly StoredMessage[]
}

export type CompatEvaluation = {
  /** the prompt the provider would receive */
  prompt: LanguageModelPrompt
  promptChanged: boolean
  /** one outcome per rule, in order */
  proactive: ProactiveRuleOutcome[]
  /** present when an error was given */
  reactive?: {
    /** every rule whose pattern matched, and what matched */
    matches: ReactiveRuleMatch[]
    /** each fix that ran, until the first that changed the messages */
    outcomes: ReactiveRuleOutcome[]
    /** true when a fix changed the messages (the processor would retry) */
    retry: boolean
    /** the repaired copy of `messages` */
    messages: StoredMessage[]
  }
}

/**
 * What the rules would do to a prompt and, given an error, to the stored
 * messages: the same functions ProviderHistoryCompat runs, observed rule by
 * rule (for the playground). Pure: inputs are never mutated.
 */
export function evaluateCompatRules(input: CompatEvaluationInput): CompatEvaluation {
  const rules = input.rules ?? builtInCompatRules
  const proactive: ProactiveRuleOutcome[] = []
  const prompt = runProactiveRules(rules, input.prompt, input.model, (outcome) => proactive.push(outcome))
  const evaluation: CompatEvaluation = { prompt, promptChanged: prompt !== input.prompt, proactive }
  if (input.error === undefined) return evaluation
  const messages = structuredClone(input.messages ?? []) as StoredMessage[]
  const outcomes: ReactiveRuleOutcome[] = []
  const fixed = runReactiveRules(rules, input.error, messages, (outcome) => outcomes.push(outcome))
  evaluation.reactive = { matches: matchReactiveRules(rules, input.error), outcomes, retry: fixed !== undefined, messages }
  return evaluation
}
