import { z } from 'zod'
import { InvalidInputError } from '../../errors/index.ts'
import { parseInput } from '../../validation/parse-input.ts'
import { builtInCompatRules } from './built-in-rules.ts'
import type { CompatRule } from './types.ts'

const functionSchema = z.custom<(...args: never[]) => unknown>((value) => typeof value === 'function', 'must be a function')

const compatRuleSchema = z
  .object({
    name: z.string().min(1, 'must be a non-empty string'),
    errorPatterns: z.array(z.instanceof(RegExp, { error: 'must be a RegExp' })).optional(),
    fix: functionSchema.optional(),
    applyToPrompt: functionSchema.optional(),
  })
  .refine((rule) => rule.fix !== undefined || rule.applyToPrompt !== undefined, {
    error: 'a rule needs `applyToPrompt` (proactive) or `fix` (reactive)',
  })
  .refine((rule) => rule.fix === undefined || (rule.errorPatterns?.length ?? 0) > 0, {
    error: 'a rule with `fix` needs at least one entry in `errorPatterns`',
    path: ['errorPatterns'],
  })

const compatRulesSchema = z.array(compatRuleSchema, { error: 'must be an array of rules' })
/** The built-in rules named in `names` (all when undefined), in their own order; an unknown name is InvalidInputError. */
export function selectBuiltInRules(names: readonly string[] | undefined): CompatRule[] {
  if (names === undefined) return [...builtInCompatRules]
  names.forEach((name, index) => {
    if (!builtInCompatRules.some((rule) => rule.name === name))
      throw new InvalidInputError(`builtInRules[${index}]`, `there is no built-in rule named "${name}"`)
  })
  return builtInCompatRules.filter((rule) => names.includes(rule.name))
}

/**
 * Checks custom rules (outside input) before they can run: shape, a reactive
 * rule's patterns, and names unique among all rules (logs and the playground
 * tell rules apart by name). Throws InvalidInputError naming the bad field.
 */
export function validateCompatRules(additionalRules: unknown, builtIns: readonly CompatRule[]): CompatRule[] {
  const rules = parseInput(compatRulesSchema, additionalRules, { root: 'additionalRules' })
  const names = new Set(builtIns.map((rule) => rule.name))
  rules.forEach((rule, index) => {
    if (names.has(rule.name)) {
      throw new InvalidInputError(`additionalRules[${index}].name`, `a rule named "${rule.name}" already exists`)
    }
    names.add(rule.name)
  })
  // the caller's own objects, not zod's stripped copies
  return additionalRules as CompatRule[]
}
