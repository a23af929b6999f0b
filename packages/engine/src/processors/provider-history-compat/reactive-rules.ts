import { errorTexts } from '../../errors/inspect.ts'
import type { StoredMessage } from '../../messages/types.ts'
import type { CompatRule, ReactiveRuleMatch, ReactiveRuleOutcome } from './types.ts'
import { warnRuleFailure } from './warn-rule-failure.ts'

/** The first of `patterns` found in any of `texts`, with the text it was found in. */
function firstMatch(patterns: readonly RegExp[], texts: readonly string[]): { pattern: RegExp; text: string } | undefined {
  for (const pattern of patterns) {
    // `search` ignores the g/y flags' lastIndex, so a shared /g pattern matches every time
    const text = texts.find((candidate) => candidate.search(pattern) !== -1)
    if (text !== undefined) return { pattern, text }
  }
  return undefined
}

/**
 * The reactive rules (those with `fix`) whose `errorPatterns` match the error's
 * message or response body anywhere along its cause chain, in rule order.
 */
export function matchReactiveRules(rules: readonly CompatRule[], error: unknown): ReactiveRuleMatch[] {
  const texts = errorTexts(error)
  const matches: ReactiveRuleMatch[] = []
  if (texts.length === 0) return matches
  for (const rule of rules) {
    if (rule.fix === undefined || rule.errorPatterns === undefined) continue
    // a pattern can throw (a sandboxed rule's pattern that hits its time limit):
    // that rule does not match, and the provider's error stays the one reported
    let found: ReturnType<typeof firstMatch>
    try {
      found = firstMatch(rule.errorPatterns, texts)
    } catch (failure) {
      warnRuleFailure(rule.name, 'errorPatterns', failure)
      continue
    }
    if (found !== undefined) matches.push({ rule, ...found })
  }
  return matches
}

/**
 * Calls `fix(messages)` of each matched rule in order until one returns true
 * (it changed the messages in place: retry); returns that rule's match, or
 * undefined when no fix applied. A fix that throws is logged and skipped.
 */
export function runReactiveFixes(
  matches: readonly ReactiveRuleMatch[],
  messages: StoredMessage[],
  onRule?: (outcome: ReactiveRuleOutcome) => void,
): ReactiveRuleMatch | undefined {
  for (const match of matches) {
    let fixed: boolean
    try {
      fixed = match.rule.fix?.(messages) === true
    } catch (failure) {
      warnRuleFailure(match.rule.name, 'fix', failure)
      onRule?.({ match, status: 'failed', error: failure })
      continue
    }
    onRule?.({ match, status: fixed ? 'fixed' : 'unchanged' })
    if (fixed) return match
  }
  return undefined
}
