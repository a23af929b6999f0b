// What a rule's code defines (its default export), read in the sandbox and
// checked here: a name, which hooks it has, and valid error patterns.
import { z } from 'zod'
import { describeZodIssue, parseSandboxOutput } from './sandbox-output.ts'
import { SandboxedRuleError, type SandboxLog } from './sandboxed-rule-error.ts'

export type ErrorPatternSpec = { source: string; flags: string }

export type RuleDefinition = {
  name: string
  hasApplyToPrompt: boolean
  hasFix: boolean
  errorPatterns: ErrorPatternSpec[]
}

export const RULE_EXPORT_SHAPE = '`export default { name, applyToPrompt?, fix?, errorPatterns? }`'

const hookTypeSchema = z.enum(['function', 'undefined'], { error: 'must be a function' })

/** the harness's stand-in for a value of the wrong type: its `typeof` */
const invalidValueSchema = z.object({ invalid: z.string() })

const exportedSchema = z.object({ exported: z.string() })

const describedRuleSchema = z.object({
  name: z.string({ error: 'must be a non-empty string' }).trim().min(1, 'must be a non-empty string').optional(),
  applyToPrompt: hookTypeSchema,
  fix: hookTypeSchema,
  errorPatterns: z.union([z.array(z.union([z.object({ source: z.string(), flags: z.string() }), invalidValueSchema])), invalidValueSchema]).optional(),
})

/** Error patterns of one rule, its code's and its saved ones together (each costs a sandboxed match per error). */
export const MAX_ERROR_PATTERNS_PER_RULE = 50

const ALLOWED_FLAGS = /^(?!.*(.).*\1)[gimsuy]*$/

/** A checked error pattern: a non-empty RegExp source the host can compile, with plain flags. */
export function checkErrorPattern(pattern: ErrorPatternSpec): string | undefined {
  if (pattern.source === '') return 'must not be empty (it would match every error)'
  if (!ALLOWED_FLAGS.test(pattern.flags)) return `has unsupported flags "${pattern.flags}" (use g, i, m, s, u, y)`
  try {
    new RegExp(pattern.source, pattern.flags)
  } catch (error) {
    return `is not a valid regular expression (${error instanceof Error ? error.message : String(error)})`
  }
  return undefined
}

/**
 * Reads the sandbox's description of the default export. `overrides` come
 * from outside the code (a saved rule's name and patterns): the name replaces
 * the code's, the patterns join the code's. Throws `invalid-rule`.
 */
export function readRuleDefinition(
  describedJson: string,
  overrides: { name?: string | undefined; errorPatterns?: readonly string[] | undefined },
  fallbackName: string,
  logs: SandboxLog[],
): RuleDefinition {
  const invalid = (name: string, reason: string) => new SandboxedRuleError('invalid-rule', name, reason, { logs })
  const output = parseSandboxOutput(describedJson)
  if (!output.ok) throw invalid(fallbackName, `the rule object could not be read: ${output.reason}`)
  const exported = exportedSchema.parse(output.value).exported
  if (exported !== 'object') {
    throw invalid(fallbackName, `the rule code must ${RULE_EXPORT_SHAPE} (its default export is ${exported})`)
  }
  const parsed = describedRuleSchema.safeParse(output.value)
  if (!parsed.success) throw invalid(fallbackName, `the rule object is invalid: ${describeZodIssue(parsed.error)}`)
  const described = parsed.data
  const name = overrides.name ?? described.name
  if (name === undefined) throw invalid(fallbackName, '`name` is missing: give the rule a name')
  if (described.applyToPrompt === 'undefined' && described.fix === 'undefined') {
    throw invalid(name, 'the rule needs `applyToPrompt` (proactive) or `fix` (reactive)')
  }
  const codePatterns = described.errorPatterns ?? []
  if ('invalid' in codePatterns) throw invalid(name, `errorPatterns must be an array, not ${codePatterns.invalid}`)
  const patternCount = codePatterns.length + (overrides.errorPatterns?.length ?? 0)
  if (patternCount > MAX_ERROR_PATTERNS_PER_RULE) {
    throw invalid(name, `the rule has ${patternCount} error patterns (code and saved together); at most ${MAX_ERROR_PATTERNS_PER_RULE}`)
  }
  const patterns = [
    ...codePatterns.map((pattern, index) => {
      if ('invalid' in pattern) throw invalid(name, `errorPatterns[${index}] must be a string or a RegExp, not ${pattern.invalid}`)
      return pattern
    }),
    ...(overrides.errorPatterns ?? []).map((source) => ({ source, flags: '' })),
  ]
  const unique = new Map<string, ErrorPatternSpec>()
  for (const [index, pattern] of patterns.entries()) {
    const problem = checkErrorPattern(pattern)
    if (problem !== undefined) throw invalid(name, `errorPatterns[${index}] /${pattern.source}/ ${problem}`)
    unique.set(`${pattern.flags}/${pattern.source}`, pattern)
  }
  return {
    name,
    hasApplyToPrompt: described.applyToPrompt === 'function',
    hasFix: described.fix === 'function',
    errorPatterns: [...unique.values()],
  }
}
