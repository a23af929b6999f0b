import { describe, expect, it } from 'vitest'
import type { LanguageModelPrompt } from '../processors/types.ts'
import { compileSandboxedRule } from './compile-sandboxed-rule.ts'
import { HARNESS_LIMITS } from './sandbox-harness.ts'
import { MAX_ERROR_PATTERNS_PER_RULE } from './rule-definition.ts'
import { SandboxedRuleError } from './sandboxed-rule-error.ts'

const prompt: LanguageModelPrompt = [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }]

const loggingRule = (prelude: string) => `export default {
  name: 'logger',
  applyToPrompt() {
    ${prelude}
    const big = 'x'.repeat(1_000_000)
    for (let i = 0; i < 150; i += 1) console.log(big)
    return undefined
  },
}`

describe('what a rule can make the host copy out of the sandbox', () => {
  it('cuts each log line inside the sandbox and stops after the line cap (1 MB lines, 150 of them)', async () => {
    const rule = await compileSandboxedRule(loggingRule(''))
    const run = rule.runApplyToPrompt({ prompt, model: 'openai/gpt-4o' })
    expect(run.logs).toHaveLength(HARNESS_LIMITS.maxLogLines + 1)
    expect(run.logs[0]?.message).toBe(`${'x'.repeat(HARNESS_LIMITS.maxLogChars)}… (1000000 characters)`)
    expect(run.logs.at(-1)?.message).toMatch(/log lines: the rest were dropped/)
    const copied = run.logs.reduce((sum, log) => sum + log.message.length, 0)
    expect(copied).toBeLessThan(HARNESS_LIMITS.maxLogLines * (HARNESS_LIMITS.maxLogChars + 40) + 100)
  })

  it('keeps the cut when the rule replaces String.prototype.slice', async () => {
    const rule = await compileSandboxedRule(loggingRule('String.prototype.slice = function () { return this }'))
    const run = rule.runApplyToPrompt({ prompt, model: 'openai/gpt-4o' })
    expect(run.logs[0]?.message.length).toBeLessThan(HARNESS_LIMITS.maxLogChars + 40)
  })

  it('cuts a huge thrown message before it leaves the sandbox', async () => {
    const rule = await compileSandboxedRule(`export default { name: 'thrower', applyToPrompt() { throw new Error('y'.repeat(5_000_000)) } }`)
    const failure = (() => {
      try {
        rule.runApplyToPrompt({ prompt, model: 'openai/gpt-4o' })
      } catch (error) {
        return error
      }
    })()
    expect(SandboxedRuleError.isInstance(failure)).toBe(true)
    expect((failure as SandboxedRuleError).reason.length).toBeLessThan(HARNESS_LIMITS.maxThrownChars + 100)
  })

  it(`refuses a rule whose code and saved patterns together exceed ${MAX_ERROR_PATTERNS_PER_RULE}`, async () => {
    const code = `export default { name: 'many', errorPatterns: Array.from({ length: 20000 }, (_, i) => 'p' + i), fix: () => false }`
    await expect(compileSandboxedRule(code)).rejects.toMatchObject({ kind: 'invalid-rule', reason: /20000 error patterns/ })
    const forty = `export default { name: 'forty', errorPatterns: Array.from({ length: 40 }, (_, i) => 'p' + i), fix: () => false }`
    await expect(compileSandboxedRule(forty, { errorPatterns: Array.from({ length: 11 }, (_, i) => `q${i}`) })).rejects.toMatchObject({
      kind: 'invalid-rule',
      reason: /51 error patterns/,
    })
    await expect(compileSandboxedRule(forty, { errorPatterns: ['q'] })).resolves.toMatchObject({ name: 'forty' })
  })
})
