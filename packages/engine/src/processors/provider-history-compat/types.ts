import type { StoredMessage } from '../../messages/types.ts'
import type { LanguageModelPrompt } from '../types.ts'

/**
 * One provider-compatibility rule (spec: provider-history-compat.md).
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
  applyToPrompt?: (args: { prompt: LanguageModelPrompt; model: unknown }) => LanguageModelPrompt | undefined
}

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
