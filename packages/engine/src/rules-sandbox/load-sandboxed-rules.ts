// Saved custom rules (from the playground's store) turned into CompatRules an
// app passes to `new ProviderHistoryCompat({ additionalRules })`.
import { z } from 'zod'
import { parseInput } from '../validation/parse-input.ts'
import { compileSandboxedRule, type SandboxedCompatRule } from './compile-sandboxed-rule.ts'
import type { SandboxLimits } from './sandbox-limits.ts'

const savedRulesSchema = z.array(
  z.object({
    name: z.string().trim().min(1).max(200),
    code: z.string(),
    errorPatterns: z.array(z.string()).optional(),
    enabled: z.boolean(),
    order: z.number(),
  }),
)

/** A saved custom rule (other stored fields, e.g. description or fixtures, are ignored here). */
export type SavedSandboxedRule = z.input<typeof savedRulesSchema>[number]

/**
 * Compiles the enabled rules, by `order` (then name), each running in the
 * sandbox. The saved name replaces the code's; saved patterns join the code's.
 * Throws SandboxedRuleError naming the first rule that does not compile.
 */
export async function loadSandboxedRules(
  saved: readonly SavedSandboxedRule[],
  options: { limits?: Partial<SandboxLimits> } = {},
): Promise<SandboxedCompatRule[]> {
  const enabled = parseInput(savedRulesSchema, saved, { root: 'rules' })
    .filter((rule) => rule.enabled)
    .sort((a, b) => a.order - b.order || a.name.localeCompare(b.name))
  const rules: SandboxedCompatRule[] = []
  for (const rule of enabled) {
    rules.push(await compileSandboxedRule(rule.code, { name: rule.name, errorPatterns: rule.errorPatterns, limits: options.limits }))
  }
  return rules
}
