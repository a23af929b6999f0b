// The public surface of ProviderHistoryCompat (spec: provider-history-compat.md).
export { ProviderHistoryCompat, type CompatExplainArgs, type ProviderHistoryCompatOptions } from './provider-history-compat.ts'
export type { CompatRule, ProactiveRuleOutcome, ReactiveRuleMatch, ReactiveRuleOutcome } from './types.ts'
export type { CompatVerdict, ProactiveVerdict, ReactiveVerdict, ReactiveVerdictReason } from './explain.ts'
export { builtInCompatRules } from './built-in-rules.ts'
export * from './strip-assistant-reasoning.ts'
export * from './rules/anthropic-tool-id-format.ts'
export * from './rules/cerebras-strip-reasoning-content.ts'
export * from './rules/anthropic-strip-foreign-reasoning-content.ts'
