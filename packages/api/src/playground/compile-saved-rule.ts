// A saved rule's code checked as production would load it. Its own module
// (no database): the sandbox worker compiles saved rules for fixture runs too.
import { InvalidInputError, ProviderHistoryCompat } from '@threadline/engine'
import { compileSandboxedRule, SandboxedRuleError, type SandboxedCompatRule } from '@threadline/engine/sandbox'

/**
 * The rule compiled as it would run, and accepted by ProviderHistoryCompat as
 * one of its `additionalRules` (so production can load it); otherwise bad
 * input naming `code`, `name` or `errorPatterns`.
 */
export async function compileSavedRule(rule: { code: string; name: string; errorPatterns: string[] }): Promise<SandboxedCompatRule> {
  let compiled: SandboxedCompatRule
  try {
    compiled = await compileSandboxedRule(rule.code, { name: rule.name, errorPatterns: rule.errorPatterns })
  } catch (error) {
    if (SandboxedRuleError.isInstance(error)) throw new InvalidInputError('code', error.message)
    if (InvalidInputError.isInstance(error) && error.field.startsWith('options.errorPatterns')) {
      throw new InvalidInputError('errorPatterns', error.message)
    }
    throw error
  }
  try {
    new ProviderHistoryCompat({ additionalRules: [compiled] })
  } catch (error) {
    if (!(error instanceof InvalidInputError)) throw error
    const field = error.field.replace(/^additionalRules\[0\]\.?/, '') || 'code'
    throw new InvalidInputError(field, `ProviderHistoryCompat refuses this rule (${error.message})`)
  }
  return compiled
}
