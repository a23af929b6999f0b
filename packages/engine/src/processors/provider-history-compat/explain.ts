// The verdict of the compat rules: what ProviderHistoryCompat does to a prompt
// before a call and to the stored messages after an API error. The processor's
// hooks act on exactly these functions, and `explain` (the playground) shows
// them, so the two cannot drift apart.
import type { StoredMessage } from '../../messages/types.ts'
import type { ModelFamily } from '../../models/model-family.ts'
import { targetProfiles } from './profiles/target-profiles.ts'
import type { LanguageModelPrompt } from '../types.ts'
import { matchReactiveRules, runReactiveFixes } from './reactive-rules.ts'
import { runProactiveRules } from './run-proactive-rules.ts'
import type { CompatRule, ProactiveRuleOutcome, ReactiveRuleMatch, ReactiveRuleOutcome } from './types.ts'

/** What the proactive rules made of the prompt. */
export type ProactiveVerdict = {
  /** the prompt the provider receives: the input itself when no rule changed it */
  prompt: LanguageModelPrompt
  changed: boolean
  /** the provider family of the model (one per model of a fallback list) whose capability profile the rules applied; `known: false` for an unrecognised model, with the conservative profile */
  target: readonly ModelFamily[]
  /** one outcome per rule, in the order the rules ran */
  rules: ProactiveRuleOutcome[]
}

export type ReactiveVerdictReason =
  /** a fix changed the messages: retry */
  | 'fixed'
  /** no reactive rule's pattern matched the error */
  | 'no-match'
  /** rules matched, but no fix changed the messages */
  | 'not-fixed'
  /** the reactive rules act on the first retry only (retryCount 0): a repair that did not help once will not help again */
  | 'not-first-retry'

/** What the reactive rules made of an API error. */
export type ReactiveVerdict = {
  /** processAPIError answers `{ retry: true }`; otherwise it has no opinion (undefined) */
  retry: boolean
  reason: ReactiveVerdictReason
  /** every rule whose pattern matched, with the pattern and the error text it matched (also when the gate stops the fix) */
  matches: ReactiveRuleMatch[]
  /** each fix that ran, until the first that changed the messages */
  fixes: ReactiveRuleOutcome[]
  /** the match whose fix changed the messages */
  fixedBy?: ReactiveRuleMatch
  /** the messages after the fixes */
  messages: StoredMessage[]
}

export type CompatVerdict = {
  proactive: ProactiveVerdict
  /** present when an error was given */
  reactive?: ReactiveVerdict
}

/** The proactive rules on `prompt`, each on the previous rule's output. Never mutates the prompt. */
export function explainPrompt(rules: readonly CompatRule[], prompt: LanguageModelPrompt, model: unknown): ProactiveVerdict {
  const outcomes: ProactiveRuleOutcome[] = []
  const next = runProactiveRules(rules, { prompt, model }, (outcome) => outcomes.push(outcome))
  return { prompt: next, changed: next !== prompt, target: targetProfiles(model).families, rules: outcomes }
}

/**
 * The reactive rules on an API error: the fixes repair `messages` IN PLACE
 * (processAPIError passes the live list, `explain` a copy). Nothing runs after
 * the first retry.
 */
export function explainError(
  rules: readonly CompatRule[],
  { error, retryCount }: { error: unknown; retryCount: number },
  messages: StoredMessage[],
): ReactiveVerdict {
  const matches = matchReactiveRules(rules, error)
  if (retryCount !== 0) return { retry: false, reason: 'not-first-retry', matches, fixes: [], messages }
  const fixes: ReactiveRuleOutcome[] = []
  const fixedBy = runReactiveFixes(matches, messages, (outcome) => fixes.push(outcome))
  if (fixedBy !== undefined) return { retry: true, reason: 'fixed', matches, fixes, fixedBy, messages }
  return { retry: false, reason: matches.length === 0 ? 'no-match' : 'not-fixed', matches, fixes, messages }
}
