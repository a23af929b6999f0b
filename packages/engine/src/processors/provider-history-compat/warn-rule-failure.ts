/** A rule that throws is skipped, never fatal: say which one, so its author can find it. */
export function warnRuleFailure(ruleName: string, hook: 'applyToPrompt' | 'fix' | 'errorPatterns', error: unknown): void {
  console.warn(`[provider-history-compat] rule "${ruleName}" threw in ${hook}; skipped`, error)
}
