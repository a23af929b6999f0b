// @threadline/engine/sandbox: custom CompatRules from source code, run in a
// QuickJS WebAssembly sandbox. Needs the optional dependency quickjs-emscripten;
// the core ('@threadline/engine') never loads it.

// Compile and load rules
export { compileSandboxedRule, type SandboxedCompatRule, type SandboxedRuleOptions, type SandboxedRuleRun } from './compile-sandboxed-rule.ts'
export { loadSandboxedRules, type SavedSandboxedRule } from './load-sandboxed-rules.ts'
export { exportSandboxedRulesAsCode } from './export-rules-as-code.ts'
export { CUSTOM_RULE_TEMPLATE } from './custom-rule-template.ts'

// Failures and the rule's console output
export { SandboxedRuleError, type SandboxedRuleErrorKind, type SandboxLog, type SandboxLogLevel } from './sandboxed-rule-error.ts'

// Limits and sandboxed regular expressions
export { DEFAULT_SANDBOX_LIMITS, type SandboxLimits } from './sandbox-limits.ts'
export { SandboxedRegExp, type SandboxedRegExpOptions } from './sandboxed-regexp.ts'
export { prepareSandbox } from './sandbox-engine.ts'

// The prompt as it crosses the sandbox boundary (JSON), validated
export { languageModelPromptSchema, parseLanguageModelPrompt } from './prompt-json.ts'
