// Whether to retry an error and how long to wait first. The processor acts on
// this decision and the playground shows it: one piece of code for both.
import { errorChain } from '../../errors/inspect.ts'
import type { ProcessAPIErrorArgs } from '../types.ts'
import { builtInRetryMatchOf, type BuiltInRetryMatch } from './openai-responses-matcher.ts'
import type { ResolvedStreamErrorRetryOptions, RetryPolicy } from './options.ts'
import { resolveRetryDelay, type DelaySource } from './retry-delay.ts'
import { findTerminalError, type TerminalError } from './terminal-errors.ts'

/** The rule that recognised the error as retryable. */
export type RetryMatchKind = 'matcher' | 'openai-responses' | 'is-retryable' | 'unknown-error'

export type RetryDecisionReason = RetryMatchKind | 'terminal' | 'budget-exhausted' | 'no-match' | 'aborted'

export type RetryDecision = {
  retry: boolean
  /** the matched rule when retrying; otherwise why not */
  reason: RetryDecisionReason
  /** the rule that matched, also when the budget or an abort stopped the retry */
  matchedBy?: RetryMatchKind
  /** index in `matchers` when a custom matcher matched */
  matcherIndex?: number
  /** position in the error's cause chain where the rule matched (0 = the error itself) */
  chainIndex?: number
  /** when the built-in matcher matched: the field and value it recognised (e.g. `type: overloaded_error`) */
  builtInMatch?: BuiltInRetryMatch
  /** why the error is terminal, when it is (a custom matcher may still retry it) */
  terminalReason?: TerminalError
  /** 0 unless retrying */
  delayMs: number
  delaySource: DelaySource
  /** the budget of the policy that applies */
  maxRetries: number
  retryCount: number
}

export type MatchedRetryRule = { kind: RetryMatchKind; policy: RetryPolicy; matcherIndex?: number; chainIndex?: number; builtInMatch?: BuiltInRetryMatch }

// `unknown`: a matcher is the caller's JavaScript; only a real `true` matches, not something truthy
function safeMatch(match: (error: unknown) => unknown, error: unknown): boolean {
  try {
    return match(error) === true
  } catch {
    return false // a matcher that throws on an unexpected shape does not match
  }
}

/**
 * First the specific rules, level by level along the cause chain: the built-in
 * OpenAI Responses matcher, then the custom matchers in order. Then provider
 * metadata `isRetryable === true` at any level: a matcher deeper in the chain
 * beats it, because the SDK wraps a dropped connection (ECONNRESET, two causes
 * down) in an APICallError marked retryable, and the matcher's policy must
 * still apply. Terminal errors are retried only by a custom matcher; nothing
 * matched falls back to `retryUnknownErrors` (never for terminal errors).
 */
function findRetryRule(error: unknown, options: ResolvedStreamErrorRetryOptions, terminal: TerminalError | undefined): MatchedRetryRule | undefined {
  const chain = errorChain(error)
  for (const [chainIndex, level] of chain.entries()) {
    const builtInMatch = terminal ? undefined : builtInRetryMatchOf(level)
    if (builtInMatch) return { kind: 'openai-responses', policy: options, chainIndex, builtInMatch }
    for (const [matcherIndex, matcher] of options.matchers.entries()) {
      if (!safeMatch(matcher.match, level)) continue
      const policy: RetryPolicy = {
        maxRetries: matcher.maxRetries ?? options.maxRetries,
        delayMs: matcher.delayMs ?? options.delayMs,
        ...(matcher.onRetry || options.onRetry ? { onRetry: matcher.onRetry ?? options.onRetry } : {}),
      }
      return { kind: 'matcher', policy, matcherIndex, chainIndex }
    }
  }
  if (terminal) return undefined
  const chainIndex = chain.findIndex((level) => (level as { isRetryable?: unknown }).isRetryable === true)
  if (chainIndex >= 0) return { kind: 'is-retryable', policy: options, chainIndex }
  if (options.retryUnknownErrors) return { kind: 'unknown-error', policy: options }
  return undefined
}

/** The decision, and the rule behind it when it says retry (the processor needs the rule's `onRetry`). */
export async function decideRetryWithRule(
  args: ProcessAPIErrorArgs,
  options: ResolvedStreamErrorRetryOptions,
): Promise<{ decision: RetryDecision; retryRule?: MatchedRetryRule }> {
  const terminal = findTerminalError(args.error)
  const rule = findRetryRule(args.error, options, terminal)
  const base = {
    ...(terminal ? { terminalReason: terminal } : {}),
    delayMs: 0,
    delaySource: 'none' as const,
    maxRetries: rule?.policy.maxRetries ?? options.maxRetries,
    retryCount: args.retryCount,
  }
  if (!rule) return { decision: { ...base, retry: false, reason: terminal ? 'terminal' : 'no-match' } }
  const matched = {
    ...base,
    matchedBy: rule.kind,
    ...(rule.matcherIndex !== undefined ? { matcherIndex: rule.matcherIndex } : {}),
    ...(rule.chainIndex !== undefined ? { chainIndex: rule.chainIndex } : {}),
    ...(rule.builtInMatch ? { builtInMatch: rule.builtInMatch } : {}),
  }
  // No delay is computed (and no timer will exist) once the budget is spent or the call aborted.
  if (args.retryCount >= rule.policy.maxRetries) return { decision: { ...matched, retry: false, reason: 'budget-exhausted' } }
  if (args.abortSignal?.aborted) return { decision: { ...matched, retry: false, reason: 'aborted' } }
  const delay = await resolveRetryDelay(rule.policy.delayMs, options.maxRetryAfterMs, args)
  return { decision: { ...matched, ...delay, retry: true, reason: rule.kind }, retryRule: rule }
}

/** Whether the processor would retry this error, why, and after how long: the explain view. */
export async function decideRetry(args: ProcessAPIErrorArgs, options: ResolvedStreamErrorRetryOptions): Promise<RetryDecision> {
  return (await decideRetryWithRule(args, options)).decision
}
