import type { LanguageModelPrompt } from '../types.ts'
import { builtInRuleFacts, targetPromptFacts } from './built-in-rules.ts'
import { ToolPairingBrokenError } from './compiler/tool-pairing-error.ts'
import { toolPairingIssue } from './compiler/tool-pairing.ts'
import type { CompatRule, ProactiveRuleArgs, ProactiveRuleOutcome } from './types.ts'
import { warnRuleFailure } from './warn-rule-failure.ts'

/**
 * Runs the proactive rules in order, each on the previous rule's output, and
 * returns the final prompt: the SAME array when no rule changed anything, so
 * callers can tell "unchanged" by identity and nothing is copied. A rule that
 * throws or returns something other than an array is logged and skipped.
 * `onRule` sees every rule's outcome (the playground reports them).
 *
 * The pairing check: after each rule that changed the prompt, a prompt whose
 * tool calls and results were paired must still be; otherwise the rule's
 * output is refused (skipped, as a rule that throws) with a
 * ToolPairingBrokenError naming it. Only custom rules that change something
 * pay for it: the built-in rules keep pairing by construction (each renames a
 * call and its result together, or touches no tool part; their tests and the
 * switch matrix check it), and a scan of 10k messages after each of them was
 * a third of the compiler's time when rules fire (bench/compat.ts).
 *
 * Allocates nothing when no rule changes anything (it runs on every call):
 * each rule gets the caller's `args` object itself as long as the prompt is
 * unchanged, a new `{ prompt, model }` after a rewrite, and no outcome is
 * built without `onRule`. While the prompt is unchanged, a built-in rule
 * whose fact (built-in-rules.ts) the prompt lacks is skipped unread: one scan
 * of the prompt decides them all.
 */
export function runProactiveRules(
  rules: readonly CompatRule[],
  args: ProactiveRuleArgs,
  onRule?: (outcome: ProactiveRuleOutcome) => void,
): LanguageModelPrompt {
  const { prompt, model } = args
  let current = prompt
  let ruleArgs = args
  /** whether `current`'s calls and results are paired; undefined until a rule's change needs it */
  let paired: boolean | undefined
  /** the input prompt's facts (compiler/prompt-facts.ts); -1 until a built-in rule needs them */
  let facts = -1
  // eslint-disable-next-line @typescript-eslint/prefer-for-of -- for…of allocated its iterator here on every call (bench/compat.ts counted it)
  for (let index = 0; index < rules.length; index++) {
    const rule = rules[index]
    if (rule === undefined) continue
    if (rule.applyToPrompt === undefined) {
      onRule?.({ rule, status: 'not-proactive' })
      continue
    }
    const needs = current === prompt ? builtInRuleFacts.get(rule) : undefined
    if (needs !== undefined) {
      if (facts === -1) facts = targetPromptFacts(prompt, model)
      if ((facts & needs) === 0) {
        onRule?.({ rule, status: 'unchanged', prompt: current })
        continue
      }
    }
    let next: LanguageModelPrompt | undefined
    try {
      next = rule.applyToPrompt(ruleArgs)
      if (next !== undefined && !Array.isArray(next)) {
        throw new TypeError(`applyToPrompt must return a prompt array or undefined, got ${typeof next}`)
      }
    } catch (error) {
      warnRuleFailure(rule.name, 'applyToPrompt', error)
      onRule?.({ rule, status: 'failed', error, prompt: current })
      continue
    }
    if (next === undefined || next === current) {
      onRule?.({ rule, status: 'unchanged', prompt: current })
      continue
    }
    if (builtInRuleFacts.has(rule)) {
      paired = undefined
    } else {
      const issue = toolPairingIssue(next)
      // the input's pairing matters only when the output's is broken
      if (issue !== undefined) paired ??= toolPairingIssue(current) === undefined
      if (paired === true && issue !== undefined) {
        const error = new ToolPairingBrokenError(rule.name, issue)
        warnRuleFailure(rule.name, 'applyToPrompt', error)
        onRule?.({ rule, status: 'failed', error, prompt: current })
        continue
      }
      paired = issue === undefined
    }
    onRule?.({ rule, status: 'changed', before: current, prompt: next })
    current = next
    ruleArgs = { prompt: next, model }
  }
  return current
}
