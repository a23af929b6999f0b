// 1000 sandboxed calls, good and failing, must not grow the WebAssembly memory:
// every runtime is disposed, on errors too (a leaked runtime keeps its heap).
import { describe, expect, it } from 'vitest'
import type { LanguageModelPrompt } from '../processors/types.ts'
import { compileSandboxedRule } from './compile-sandboxed-rule.ts'
import { sandboxStatus } from './sandbox-engine.ts'
import { SandboxedRuleError } from './sandboxed-rule-error.ts'

const prompt: LanguageModelPrompt = [{ role: 'system', content: 'x'.repeat(2000) }]
const proactive = (body: string) => `export default { name: 'probe', applyToPrompt({ prompt }) { ${body} } }`

describe('sandbox memory', () => {
  it('does not leak across 1000 calls, including failures', async () => {
    const rules = await Promise.all([
      compileSandboxedRule(proactive("return prompt.map((m) => ({ ...m, content: m.content + '!' }))")),
      compileSandboxedRule(proactive("throw new Error('nope')")),
      compileSandboxedRule(proactive('return process.env')),
      compileSandboxedRule(proactive('return [{ role: 42 }]')),
      compileSandboxedRule(proactive('const keep = []; for (let i = 0; i < 2000; i++) keep.push({ i, s: "y".repeat(100) }); return undefined')),
      compileSandboxedRule(proactive('while (true) {}'), { limits: { timeoutMs: 5 } }),
      compileSandboxedRule(proactive('return new Array(1e9).fill(1)'), { limits: { memoryLimitBytes: 8 * 1024 * 1024 } }),
    ])
    const callAll = () => {
      for (const rule of rules) {
        try {
          rule.applyToPrompt?.({ prompt, model: 'x/y' })
        } catch (error) {
          if (!SandboxedRuleError.isInstance(error)) throw error
        }
      }
    }
    // warm up: the out-of-memory rule grows the WebAssembly memory to its peak once
    callAll()
    const before = sandboxStatus()
    const heapBefore = process.memoryUsage().heapUsed
    const rounds = Math.ceil(1000 / rules.length)
    for (let round = 0; round < rounds; round++) callAll()
    const after = sandboxStatus()
    expect(after.modulesRetired).toBe(before.modulesRetired)
    expect(after.wasmMemoryBytes).toBe(before.wasmMemoryBytes)
    // host-side garbage is collectable; a leak of 1000 runtimes' bookkeeping would not fit in this
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(64 * 1024 * 1024)
  }, 120_000)
})
