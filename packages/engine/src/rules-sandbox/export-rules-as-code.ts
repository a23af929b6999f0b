import { z } from 'zod'
import { parseInput } from '../validation/parse-input.ts'
import type { SavedSandboxedRule } from './load-sandboxed-rules.ts'

const exportOptionsSchema = z.object({
  importFrom: z.string().min(1).default('@threadline/engine/sandbox'),
  exportName: z
    .string()
    .regex(/^[A-Za-z_$][\w$]*$/, 'must be a JavaScript identifier')
    .default('customCompatRules'),
})

/**
 * Saved rules as a TypeScript/JavaScript module an app can check in: it loads
 * them with `loadSandboxedRules`, so they run in the same sandbox as in the
 * playground. The rule code is embedded as JSON string literals.
 */
export function exportSandboxedRulesAsCode(saved: readonly SavedSandboxedRule[], options: { importFrom?: string; exportName?: string } = {}): string {
  const { importFrom, exportName } = parseInput(exportOptionsSchema, options, { root: 'options' })
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
