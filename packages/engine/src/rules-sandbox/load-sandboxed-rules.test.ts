import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createAnthropic } from '@ai-sdk/anthropic'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { InvalidInputError } from '../errors/index.ts'
import { ProviderHistoryCompat } from '../processors/provider-history-compat/provider-history-compat.ts'
import { matchReactiveRules, runReactiveFixes } from '../processors/provider-history-compat/reactive-rules.ts'
import { storedMessage, toolPart } from '../processors/provider-history-compat/test-fixtures.ts'
import type { LanguageModelPrompt } from '../processors/types.ts'
import { anthropicInvalidToolUseId } from '../testing/index.ts'
import { exportSandboxedRulesAsCode } from './export-rules-as-code.ts'
import { loadSandboxedRules, type SavedSandboxedRule } from './load-sandboxed-rules.ts'
import { SandboxedRuleError } from './sandboxed-rule-error.ts'
import { useFakeProvider } from '../testing/use-fake-provider.ts'

const prompt: LanguageModelPrompt = [{ role: 'system', content: 'start' }]

/** A proactive rule that appends `tag` to the system message, so the order rules ran in shows. */
const tagging = (tag: string) =>
  `export default { name: 'in-code', applyToPrompt({ prompt }) { return prompt.map((m) => m.role === 'system' ? { ...m, content: m.content + ' ${tag}' } : m) } }`

// Renames tool-call ids the way a user would write it in the playground; its
// error pattern comes from the saved record, not the code.
const RENAME_TOOL_IDS = `export default {
  name: 'in-code-name',
  fix(messages) {
    let changed = false
    for (const message of messages) {
      for (const part of message.content.parts) {
        if (part.type === 'tool-invocation' && /[^a-zA-Z0-9_-]/.test(part.toolInvocation.toolCallId)) {
          part.toolInvocation.toolCallId = part.toolInvocation.toolCallId.replace(/[^a-zA-Z0-9_-]/g, '_')
          changed = true
        }
      }
    }
    return changed
  },
}`

const saved: SavedSandboxedRule[] = [
  { name: 'third', code: tagging('c'), enabled: true, order: 3 },
  { name: 'disabled', code: 'this is not even JavaScript', enabled: false, order: 0 },
  { name: 'first', code: tagging('a'), enabled: true, order: 1 },
  { name: 'second', code: tagging('b'), enabled: true, order: 2 },
  { name: 'custom-tool-ids', code: RENAME_TOOL_IDS, errorPatterns: ['tool_use\\.id: String should match'], enabled: true, order: 4 },
]

function runPrompt(processor: ProviderHistoryCompat) {
  return processor.processLLMRequest({ prompt, model: 'anthropic/claude', stepNumber: 0, retryCount: 0, state: {} })
}

const server = useFakeProvider()

/** The error @ai-sdk/anthropic raises for Anthropic's real tool-ID 400, over HTTP from the loopback fake. */
async function anthropicToolIdError(): Promise<unknown> {
  server.enqueue('anthropic', anthropicInvalidToolUseId)
  const model = createAnthropic({ apiKey: 'test', baseURL: server.baseUrl('anthropic') })('claude-sonnet-4-5')
  return model.doGenerate({ prompt: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }] }).then(
    () => {
      throw new Error('expected the provider to reject the request')
    },
    (error: unknown) => error,
  )
}

describe('loadSandboxedRules', () => {
  it('compiles the enabled rules in order, under their saved names, for ProviderHistoryCompat', async () => {
    const rules = await loadSandboxedRules(saved)
    expect(rules.map((rule) => rule.name)).toEqual(['first', 'second', 'third', 'custom-tool-ids'])
    const processor = new ProviderHistoryCompat({ additionalRules: rules })
    expect(runPrompt(processor)).toEqual({ prompt: [{ role: 'system', content: 'start a b c' }] })
  })

  it("repairs stored messages after the provider's real error, matched by the saved pattern in the sandbox", async () => {
    const [custom] = await loadSandboxedRules(saved.filter((rule) => rule.name === 'custom-tool-ids'))
    if (custom === undefined) throw new Error('expected the rule')
    const error = await anthropicToolIdError()
    const messages = [storedMessage('m1', 'assistant', [toolPart('functions.get_weather:0')])]
    // the reactive step ProviderHistoryCompat runs, with only the custom rule
    // (the built-in anthropic rule would match this error first)
    expect(runReactiveFixes(matchReactiveRules([custom], error), messages)?.rule).toBe(custom)
    const part = messages[0]?.content.parts[0]
    expect(part?.type === 'tool-invocation' && part.toolInvocation.toolCallId).toBe('functions_get_weather_0')
    expect(messages[0]?.createdAt).toBeInstanceOf(Date)
  })

  it('names the saved rule that does not compile', async () => {
    const broken = [...saved, { name: 'broken', code: 'export default {', enabled: true, order: 9 }]
    const error = await loadSandboxedRules(broken).catch((failure: unknown) => failure)
    expect(SandboxedRuleError.isInstance(error) && [error.kind, error.ruleName]).toEqual(['syntax', 'broken'])
  })

  it('rejects records that are not saved rules', async () => {
    await expect(loadSandboxedRules([{ name: 'x', code: tagging('a'), enabled: 'yes', order: 1 } as unknown as SavedSandboxedRule])).rejects.toBeInstanceOf(
      InvalidInputError,
    )
  })
})

describe('exportSandboxedRulesAsCode', () => {
  let folder: string
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'threadline-rules-'))
  })
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true })
  })

  it('writes a module that loads the same rules through the sandbox', async () => {
    const rulesIndex = fileURLToPath(new URL('./index.ts', import.meta.url))
    const code = exportSandboxedRulesAsCode(saved, { importFrom: rulesIndex, exportName: 'myRules' })
    expect(code).toContain(`import { loadSandboxedRules } from ${JSON.stringify(rulesIndex)}`)
    const file = join(folder, 'exported-rules.ts')
    await writeFile(file, code)
    const exported = (await import(/* @vite-ignore */ file)) as { myRules: Awaited<ReturnType<typeof loadSandboxedRules>> }
    expect(exported.myRules.map((rule) => rule.name)).toEqual(['first', 'second', 'third', 'custom-tool-ids'])
    expect(runPrompt(new ProviderHistoryCompat({ additionalRules: exported.myRules }))).toEqual({
      prompt: [{ role: 'system', content: 'start a b c' }],
    })
    expect(exported.myRules[3]?.errorPatterns?.map((pattern) => pattern.source)).toEqual(['tool_use\\.id: String should match'])
  })

  it('imports from @threadline/engine/sandbox by default and rejects a bad export name', () => {
    expect(exportSandboxedRulesAsCode([])).toContain('import { loadSandboxedRules } from "@threadline/engine/sandbox"')
    expect(() => exportSandboxedRulesAsCode([], { exportName: 'not valid' })).toThrow(InvalidInputError)
  })
})
