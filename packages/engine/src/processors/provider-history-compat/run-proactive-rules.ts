import type { LanguageModelPrompt } from '../types.ts'
import { builtInRuleFacts, targetPromptFacts } from './built-in-rules.ts'
import { ToolPairingBrokenError } from './compiler/tool-pairing-error.ts'
import { toolPairingIssue } from './compiler/tool-pairing.ts'
import { isPartRule, mayActInRun, runPartRulesInOnePass } from './compiler/part-rules-in-one-pass.ts'
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
 *
 * Without `onRule` (nobody asks for each rule's own effect), consecutive
 * built-in rules that change parts inside messages run as one pass that
 * copies each message once (compiler/part-rules-in-one-pass.ts), when two or
 * more of them may act; the same prompt as one by one.
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
  /** the rules before it do not run in one pass (a run of part rules was tried up to there) */
  let onePassFrom = 0
  // an indexed loop: for…of allocated its iterator here on every call (bench/compat.ts counted it), and a one-pass run moves the index on
  for (let index = 0; index < rules.length; index++) {
    const rule = rules[index]
    if (rule === undefined) continue
    if (rule.applyToPrompt === undefined) {
      onRule?.({ rule, status: 'not-proactive' })
      continue
    }
    if (onRule === undefined && index >= onePassFrom && isPartRule(rule)) {
      let end = index + 1
      while (isPartRule(rules[end])) end++
      onePassFrom = end
      if (facts === -1 && current === prompt) facts = targetPromptFacts(prompt, model)
      const next = partRulesInOnePass(rules, index, end, current, current === prompt ? facts : -1, model)
      if (next !== undefined) {
        if (next !== current) {
          paired = undefined
          current = next
          ruleArgs = { prompt: next, model }
        }
        index = end - 1
        continue
      }
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

/** Whether part rule `rule` of a run may change a prompt with `facts` (-1: a prompt some rule changed, whose facts are not known) for `model`. */
function mayChange(rule: CompatRule | undefined, facts: number, model: unknown): boolean {
  if (rule === undefined) return false
  const acts = mayActInRun(rule, model)
  if (acts !== undefined) return acts
  const needs = facts === -1 ? undefined : builtInRuleFacts.get(rule)
  return needs === undefined || (facts & needs) !== 0
}

/**
 * The part rules `rules[from..end)` on `prompt` in one pass, or undefined
 * when they run one by one: fewer than two may act (nothing is allocated
 * then), or the pass cannot stand for them. A rule that throws is left to the
 * one-by-one run, which reports it.
 */
function partRulesInOnePass(
  rules: readonly CompatRule[],
  from: number,
  end: number,
  prompt: LanguageModelPrompt,
  facts: number,
  model: unknown,
): LanguageModelPrompt | undefined {
  let acting = 0
  for (let index = from; index < end; index++) if (mayChange(rules[index], facts, model)) acting++
  if (acting < 2) return undefined
  // the run's rules in one reused array: a pass that changes nothing allocates nothing (bench/lib/allocations.test.ts)
  runRules.length = 0
  for (let index = from; index < end; index++) {
    const rule = rules[index]
    // a rule the pass only runs over stays in: where it acts, the pass steps aside
    if (rule !== undefined && (mayChange(rule, facts, model) || mayActInRun(rule, model) === false)) runRules.push(rule)
  }
  try {
    return runPartRulesInOnePass(runRules, prompt, model, facts !== -1)
  } catch {
    return undefined
  } finally {
    runRules.length = 0
  }
}

/** The rules of the one-pass run being decided (the compiler is synchronous: one run at a time). */
const runRules: CompatRule[] = []
