import type { StoredMessage } from '../../messages/types.ts'
import type { LanguageModelPrompt } from '../types.ts'

/**
 * One provider-compatibility rule (docs/spec/provider-history-compat.md).
 * - proactive: `applyToPrompt` rewrites the outbound prompt of the current
 *   call only (never saved); returns undefined when nothing needs changing.
 * - reactive: after an API error whose message or response body matches one
 *   of `errorPatterns`, `fix` repairs the stored messages in place and
 *   returns true when it changed something (the request is then retried).
 */
export type CompatRule = {
  /** human-readable identifier used in logs and debugging */
  name: string
  /** required for reactive rules that implement `fix` */
  errorPatterns?: RegExp[]
  fix?: (messages: StoredMessage[]) => boolean
  /** reads `args.prompt` and `args.model` only; `args` may carry other fields of the call and must not be kept */
  applyToPrompt?: (args: ProactiveRuleArgs) => LanguageModelPrompt | undefined
}

/** What a proactive rule is given: the prompt so far and the model it is for. */
export type ProactiveRuleArgs = { readonly prompt: LanguageModelPrompt; readonly model: unknown }

/** What one proactive rule did to the prompt (reported to `onRule` observers, e.g. the playground). */
export type ProactiveRuleOutcome =
  | { rule: CompatRule; status: 'not-proactive' }
  | { rule: CompatRule; status: 'unchanged'; prompt: LanguageModelPrompt }
  | { rule: CompatRule; status: 'changed'; before: LanguageModelPrompt; prompt: LanguageModelPrompt }
  | { rule: CompatRule; status: 'failed'; error: unknown; prompt: LanguageModelPrompt }

/** A reactive rule whose pattern matched an error, with the pattern and the error text it matched. */
export type ReactiveRuleMatch = { rule: CompatRule; pattern: RegExp; text: string }

/** What one matched reactive rule's `fix` did (reported to `onRule` observers). */
export type ReactiveRuleOutcome =
  | { match: ReactiveRuleMatch; status: 'fixed' }
  | { match: ReactiveRuleMatch; status: 'unchanged' }
  | { match: ReactiveRuleMatch; status: 'failed'; error: unknown }
