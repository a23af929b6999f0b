// The playground's reports, built from what the engine's own functions
// (evaluateCompatRules, decideRetry) return: which rule fired, matched or
// failed, and what it changed.
import {
  builtInCompatRules,
  decideRetry,
  evaluateCompatRules,
  toPrompt,
  type CompatRule,
  type LanguageModelPrompt,
  type RetryDecision,
  type StoredMessage,
} from '@threadline/engine'
import { SandboxedRuleError } from '@threadline/engine/sandbox'
import type { ResolvedStreamErrorRetryOptions } from '@threadline/engine'
import { ruleFailureOf, type ResolvedCustomRule, type RuleFailure } from './custom-rules.ts'
import { diffMessages, type MessagesDiff } from './message-diff.ts'
import { diffPrompts, type PromptDiff } from './prompt-diff.ts'

export type RuleOrigin = 'built-in' | 'custom'

type RuleIdentity = { name: string; origin: RuleOrigin; ruleId: string | null }

export type ProactiveRuleReport = RuleIdentity & {
  status: 'changed' | 'unchanged' | 'not-proactive' | 'failed' | 'compile-failed'
  /** the rule rewrote the prompt */
  fired: boolean
  changes: PromptDiff | null
  error: RuleFailure | null
}

export type ReactiveRuleReport = RuleIdentity & {
  /** one of its errorPatterns matched the error */
  matched: boolean
  pattern: { source: string; flags: string } | null
  /** the error text the pattern was found in */
  matchedText: string | null
  /** what its fix did: null when it did not run (no match, or an earlier fix already applied) */
  fix: 'fixed' | 'unchanged' | 'failed' | null
  error: RuleFailure | null
  compileFailed: boolean
}

function failureOf(error: unknown): RuleFailure {
  if (SandboxedRuleError.isInstance(error)) return ruleFailureOf(error)
  return { kind: 'runtime', message: error instanceof Error ? error.message : String(error), logs: [] }
}

export type RuleSet = { rules: CompatRule[]; identities: Map<CompatRule, RuleIdentity>; compileFailures: (RuleIdentity & { error: RuleFailure })[] }

/** The built-ins (all, or those named) followed by the custom rules that compiled. */
export function ruleSet(builtInNames: readonly string[] | undefined, custom: readonly ResolvedCustomRule[]): RuleSet {
  const builtIns = builtInNames === undefined ? builtInCompatRules : builtInCompatRules.filter((rule) => builtInNames.includes(rule.name))
  const identities = new Map<CompatRule, RuleIdentity>()
  for (const rule of builtIns) identities.set(rule, { name: rule.name, origin: 'built-in', ruleId: null })
  const compileFailures: RuleSet['compileFailures'] = []
  for (const entry of custom) {
    if (entry.rule) identities.set(entry.rule, { name: entry.name, origin: 'custom', ruleId: entry.ruleId })
    else compileFailures.push({ name: entry.name, origin: 'custom', ruleId: entry.ruleId, error: entry.compileError })
  }
  return { rules: [...identities.keys()], identities, compileFailures }
}

export type PromptEvaluation = {
  inputPrompt: LanguageModelPrompt
  finalPrompt: LanguageModelPrompt
  promptChanged: boolean
  rules: ProactiveRuleReport[]
}

export function evaluatePrompt(set: RuleSet, prompt: LanguageModelPrompt, model: string): PromptEvaluation {
  const evaluation = evaluateCompatRules({ rules: set.rules, prompt, model })
  const reports = evaluation.proactive.map((outcome): ProactiveRuleReport => {
    const identity = set.identities.get(outcome.rule)!
    return {
      ...identity,
      status: outcome.status,
      fired: outcome.status === 'changed',
      changes: outcome.status === 'changed' ? diffPrompts(outcome.before, outcome.prompt) : null,
      error: outcome.status === 'failed' ? failureOf(outcome.error) : null,
    }
  })
  const failed = set.compileFailures.map(
    (entry): ProactiveRuleReport => ({ ...entry, status: 'compile-failed', fired: false, changes: null }),
  )
  return { inputPrompt: prompt, finalPrompt: evaluation.prompt, promptChanged: evaluation.promptChanged, rules: [...reports, ...failed] }
}

export type ErrorEvaluation = {
  rules: ReactiveRuleReport[]
  /** ProviderHistoryCompat would retry: a fix changed the messages */
  compatRetry: boolean
  fixedBy: string | null
  before: StoredMessage[]
  after: StoredMessage[]
  changes: MessagesDiff
  /** what StreamErrorRetryProcessor decides for the same error */
  retryDecision: RetryDecision
}

export async function evaluateError(args: {
  set: RuleSet
  error: unknown
  messages: StoredMessage[]
  model: string
  retryOptions: ResolvedStreamErrorRetryOptions
  retryCount: number
}): Promise<ErrorEvaluation> {
  const { set, error, messages, model } = args
  const evaluation = evaluateCompatRules({ rules: set.rules, prompt: toPrompt(messages), model, error, messages })
  const reactive = evaluation.reactive!
  const reports = set.rules.map((rule): ReactiveRuleReport => {
    const match = reactive.matches.find((candidate) => candidate.rule === rule)
    const outcome = reactive.outcomes.find((candidate) => candidate.match.rule === rule)
    return {
      ...set.identities.get(rule)!,
      matched: match !== undefined,
      pattern: match ? { source: match.pattern.source, flags: match.pattern.flags } : null,
      matchedText: match?.text ?? null,
      fix: outcome?.status ?? null,
      error: outcome?.status === 'failed' ? failureOf(outcome.error) : null,
      compileFailed: false,
    }
  })
  const failed = set.compileFailures.map(
    (entry): ReactiveRuleReport => ({ ...entry, matched: false, pattern: null, matchedText: null, fix: null, compileFailed: true }),
  )
  const fixedBy = reactive.outcomes.find((outcome) => outcome.status === 'fixed')?.match.rule
  const retryDecision = await decideRetry(
    { error, messages: reactive.messages, retryCount: args.retryCount, stepNumber: 0, state: {}, model },
    args.retryOptions,
  )
  return {
    rules: [...reports, ...failed],
    compatRetry: reactive.retry,
    fixedBy: fixedBy ? set.identities.get(fixedBy)!.name : null,
    before: messages,
    after: reactive.messages,
    changes: diffMessages(messages, reactive.messages),
    retryDecision,
  }
}
