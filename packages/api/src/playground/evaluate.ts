// The playground's reports, built from what the engine's processors decide
// (ProviderHistoryCompat.explain, decideRetry): which rule fired, matched or
// failed, and what it changed. The rules run in a real ProviderHistoryCompat,
// so the playground refuses the rule sets production refuses and applies the
// same gates (the parity test holds it to that).
import {
  decideRetry,
  InvalidInputError,
  ProviderHistoryCompat,
  toPrompt,
  type CompatRule,
  type LanguageModelPrompt,
  type ModelRef,
  type ReactiveVerdictReason,
  type RetryDecision,
  type StoredMessage,
} from '@threadline/engine'
import { SandboxedRuleError, type SandboxedRuleRun, type SandboxLog } from '@threadline/engine/sandbox'
import type { ResolvedStreamErrorRetryOptions } from '@threadline/engine'
import { ruleFailureOf, type ResolvedCustomRule, type RuleFailure } from './custom-rules.ts'
import { diffMessages, type MessagesDiff } from './message-diff.ts'
import { diffPrompts, type PromptDiff } from './prompt-diff.ts'

type RuleOrigin = 'built-in' | 'custom'

type RuleIdentity = { name: string; origin: RuleOrigin; ruleId: string | null }

type ProactiveRuleReport = RuleIdentity & {
  status: 'changed' | 'unchanged' | 'not-proactive' | 'failed' | 'compile-failed'
  /** the rule rewrote the prompt */
  fired: boolean
  changes: PromptDiff | null
  error: RuleFailure | null
  /** what a custom rule's applyToPrompt logged when it did not fail (a failure's output is in `error.logs`) */
  logs: SandboxLog[]
}

type ReactiveRuleReport = RuleIdentity & {
  /** one of its errorPatterns matched the error */
  matched: boolean
  pattern: { source: string; flags: string } | null
  /** the error text the pattern was found in */
  matchedText: string | null
  /** what its fix did: null when it did not run (no match, or an earlier fix already applied) */
  fix: 'fixed' | 'unchanged' | 'failed' | null
  error: RuleFailure | null
  /** what a custom rule's fix logged when it did not fail */
  logs: SandboxLog[]
  compileFailed: boolean
}

function failureOf(error: unknown): RuleFailure {
  if (SandboxedRuleError.isInstance(error)) return ruleFailureOf(error)
  return { kind: 'runtime', message: error instanceof Error ? error.message : String(error), logs: [] }
}

export type RuleSet = {
  /** the processor production would build from these rules */
  compat: ProviderHistoryCompat
  identities: Map<CompatRule, RuleIdentity>
  /** the custom rules' successful hook calls, collected as they run */
  runs: Map<CompatRule, SandboxedRuleRun[]>
  compileFailures: (RuleIdentity & { error: RuleFailure })[]
}

/** What a rule's successful calls of one hook logged (built-in rules log nothing here). */
function logsOf(set: RuleSet, rule: CompatRule, hook: SandboxedRuleRun['hook']): SandboxLog[] {
  return (set.runs.get(rule) ?? []).filter((run) => run.hook === hook).flatMap((run) => run.logs)
}

/** `additionalRules[i]...` (the compiled rules) as the playground's `customRules[j]...` (compile failures included). */
function customRuleField(field: string, custom: readonly ResolvedCustomRule[]): string {
  const compiledIndexes = custom.flatMap((entry, index) => (entry.rule ? [index] : []))
  return field.replace(/^additionalRules\[(\d+)\]/, (_match, index: string) => `customRules[${compiledIndexes[Number(index)]}]`)
}

/**
 * The built-ins (all, or those named) followed by the custom rules that
 * compiled, in the ProviderHistoryCompat production would build. A rule set
 * production refuses (a custom rule named like a built-in or like another
 * custom rule, a fix without errorPatterns) is InvalidInputError naming the
 * custom rule at fault.
 */
export function ruleSet(builtInNames: readonly string[] | undefined, custom: readonly ResolvedCustomRule[]): RuleSet {
  const compiled = custom.flatMap((entry) => (entry.rule ? [entry.rule] : []))
  let compat: ProviderHistoryCompat
  try {
    compat = new ProviderHistoryCompat({ additionalRules: compiled, ...(builtInNames === undefined ? {} : { builtInRules: builtInNames }) })
  } catch (error) {
    if (!(error instanceof InvalidInputError)) throw error
    throw new InvalidInputError(customRuleField(error.field, custom), `ProviderHistoryCompat refuses this rule set (${error.message})`)
  }
  const identities = new Map<CompatRule, RuleIdentity>()
  for (const rule of compat.rules) identities.set(rule, { name: rule.name, origin: 'built-in', ruleId: null })
  const runs = new Map<CompatRule, SandboxedRuleRun[]>()
  const compileFailures: RuleSet['compileFailures'] = []
  for (const entry of custom) {
    if (entry.rule) {
      identities.set(entry.rule, { name: entry.name, origin: 'custom', ruleId: entry.ruleId })
      runs.set(entry.rule, entry.runs)
    } else compileFailures.push({ name: entry.name, origin: 'custom', ruleId: entry.ruleId, error: entry.compileError })
  }
  return { compat, identities, runs, compileFailures }
}

/** A reactive rule seen before any error: what it waits for, and whether its fix would change the stored messages. */
type ReactiveRulePreview = RuleIdentity & {
  errorPatterns: { source: string; flags: string }[]
  /** its fix would change these stored messages (null: no stored messages, a pasted prompt) */
  wouldFix: boolean | null
  error: RuleFailure | null
}

export type PromptEvaluation = {
  inputPrompt: LanguageModelPrompt
  finalPrompt: LanguageModelPrompt
  promptChanged: boolean
  rules: ProactiveRuleReport[]
  /** the reactive rules: they act only after the provider rejects the request */
  reactive: ReactiveRulePreview[]
}

/**
 * Each reactive rule's fix run on a copy of the stored messages, as it would
 * run after its error: whether it would change them. Nothing is saved.
 */
function previewReactiveRules(set: RuleSet, messages: readonly StoredMessage[] | null): ReactiveRulePreview[] {
  return set.compat.rules.flatMap((rule): ReactiveRulePreview[] => {
    if (rule.fix === undefined || rule.errorPatterns === undefined) return []
    const errorPatterns = rule.errorPatterns.map((pattern) => ({ source: pattern.source, flags: pattern.flags }))
    const base = { ...identityOf(set, rule), errorPatterns }
    if (messages === null) return [{ ...base, wouldFix: null, error: null }]
    try {
      return [{ ...base, wouldFix: rule.fix(structuredClone(messages) as StoredMessage[]), error: null }]
    } catch (error) {
      return [{ ...base, wouldFix: false, error: failureOf(error) }]
    }
  })
}

/** Every rule of a set has an identity (the set is built with them). */
function identityOf(set: RuleSet, rule: CompatRule): RuleIdentity {
  const identity = set.identities.get(rule)
  if (identity === undefined) throw new Error(`rule "${rule.name}" is not in the rule set`)
  return identity
}

export function evaluatePrompt(set: RuleSet, prompt: LanguageModelPrompt, model: ModelRef, messages: readonly StoredMessage[] | null = null): PromptEvaluation {
  const { proactive } = set.compat.explain({ prompt, model, messages: [], retryCount: 0 })
  const reports = proactive.rules.map((outcome): ProactiveRuleReport => {
    const identity = identityOf(set, outcome.rule)
    return {
      ...identity,
      status: outcome.status,
      fired: outcome.status === 'changed',
      changes: outcome.status === 'changed' ? diffPrompts(outcome.before, outcome.prompt) : null,
      error: outcome.status === 'failed' ? failureOf(outcome.error) : null,
      logs: logsOf(set, outcome.rule, 'applyToPrompt'),
    }
  })
  const failed = set.compileFailures.map((entry): ProactiveRuleReport => ({ ...entry, status: 'compile-failed', fired: false, changes: null, logs: [] }))
  return {
    inputPrompt: prompt,
    finalPrompt: proactive.prompt,
    promptChanged: proactive.changed,
    rules: [...reports, ...failed],
    reactive: previewReactiveRules(set, messages),
  }
}

export type ErrorEvaluation = {
  rules: ReactiveRuleReport[]
  /** ProviderHistoryCompat's processAPIError answers `{ retry: true }`: a fix changed the messages */
  compatRetry: boolean
  /** why it does (`fixed`) or does not retry */
  compatReason: ReactiveVerdictReason
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
  const { reactive } = set.compat.explain({ prompt: toPrompt(messages), model, error, messages, retryCount: args.retryCount })
  if (reactive === undefined) throw new Error('explain reports the reactive rules when it is given an error')
  const reports = set.compat.rules.map((rule): ReactiveRuleReport => {
    const match = reactive.matches.find((candidate) => candidate.rule === rule)
    const outcome = reactive.fixes.find((candidate) => candidate.match.rule === rule)
    return {
      ...identityOf(set, rule),
      matched: match !== undefined,
      pattern: match ? { source: match.pattern.source, flags: match.pattern.flags } : null,
      matchedText: match?.text ?? null,
      fix: outcome?.status ?? null,
      error: outcome?.status === 'failed' ? failureOf(outcome.error) : null,
      logs: logsOf(set, rule, 'fix'),
      compileFailed: false,
    }
  })
  const failed = set.compileFailures.map((entry): ReactiveRuleReport => ({
    ...entry,
    matched: false,
    pattern: null,
    matchedText: null,
    fix: null,
    logs: [],
    compileFailed: true,
  }))
  const retryDecision = await decideRetry(
    { error, messages: reactive.messages, retryCount: args.retryCount, stepNumber: 0, state: {}, model },
    args.retryOptions,
  )
  return {
    rules: [...reports, ...failed],
    compatRetry: reactive.retry,
    compatReason: reactive.reason,
    fixedBy: reactive.fixedBy ? identityOf(set, reactive.fixedBy.rule).name : null,
    before: messages,
    after: reactive.messages,
    changes: diffMessages(messages, reactive.messages),
    retryDecision,
  }
}
