import { z } from 'zod'
import { InvalidInputError } from '../errors/index.ts'
import type { SavedSandboxedRule } from './load-sandboxed-rules.ts'
import { describeZodIssue } from './sandbox-output.ts'

const exportOptionsSchema = z.object({
  importFrom: z.string().min(1).default('@threadline/engine/sandbox'),
  exportName: z.string().regex(/^[A-Za-z_$][\w$]*$/, 'must be a JavaScript identifier').default('customCompatRules'),
})

/**
 * Saved rules as a TypeScript/JavaScript module an app can check in: it loads
 * them with `loadSandboxedRules`, so they run in the same sandbox as in the
 * playground. The rule code is embedded as JSON string literals.
 */
export function exportSandboxedRulesAsCode(
  saved: readonly SavedSandboxedRule[],
  options: { importFrom?: string; exportName?: string } = {},
): string {
  const parsed = exportOptionsSchema.safeParse(options)
  if (!parsed.success) throw new InvalidInputError('options', describeZodIssue(parsed.error))
  const { importFrom, exportName } = parsed.data
  const entries = saved.map((rule) => {
    const fields = [
      `name: ${JSON.stringify(rule.name)}`,
      `enabled: ${JSON.stringify(rule.enabled)}`,
      `order: ${JSON.stringify(rule.order)}`,
      ...(rule.errorPatterns === undefined ? [] : [`errorPatterns: ${JSON.stringify(rule.errorPatterns)}`]),
      `code: ${JSON.stringify(rule.code)}`,
    ]
    return `  {\n${fields.map((field) => `    ${field},`).join('\n')}\n  },`
  })
  return [
    '// Custom provider-compatibility rules exported from the Threadline playground.',
    '// They run in the QuickJS sandbox, as they did there. Use them with:',
    `//   new ProviderHistoryCompat({ additionalRules: ${exportName} })`,
    `import { loadSandboxedRules } from ${JSON.stringify(importFrom)}`,
    '',
    `export const ${exportName} = await loadSandboxedRules([`,
    ...entries,
    '])',
    '',
  ].join('\n')
}
