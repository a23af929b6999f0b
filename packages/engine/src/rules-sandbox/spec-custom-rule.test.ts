// The spec's custom-rule example (docs/spec/provider-history-compat.md), once as host
// TypeScript and once pasted as sandboxed JavaScript: both must give the same
// prompt through ProviderHistoryCompat.
import { describe, expect, it } from 'vitest'
import { ProviderHistoryCompat } from '../processors/provider-history-compat/provider-history-compat.ts'
import { deepFreeze, mixedPrompt } from '../processors/provider-history-compat/test-fixtures.ts'
import type { CompatRule } from '../processors/provider-history-compat/types.ts'
import type { ModelRef } from '../processors/types.ts'
import { stripUnsupportedAssistantMetadata } from '../testing/spec-examples.ts'
import { compileSandboxedRule } from './compile-sandboxed-rule.ts'

// the same code pasted as JavaScript: the method's own source text, types stripped by the test transform
const SANDBOXED_SOURCE = `export default {
  name: '${stripUnsupportedAssistantMetadata.name}',
  ${stripUnsupportedAssistantMetadata.applyToPrompt!.toString()},
}`

function processWith(rule: CompatRule, model: ModelRef) {
  const processor = new ProviderHistoryCompat({ additionalRules: [rule] })
  return processor.processLLMRequest({ prompt: deepFreeze(mixedPrompt()), model, stepNumber: 0, retryCount: 0, state: {} })
}

describe("the spec's custom rule, sandboxed", () => {
  it('strips providerOptions exactly like the host version for example-provider models', async () => {
    const sandboxed = await compileSandboxedRule(SANDBOXED_SOURCE)
    const host = processWith(stripUnsupportedAssistantMetadata, 'example-provider/model')
    const fromSandbox = processWith(sandboxed, 'example-provider/model')
    expect(host?.prompt.some((m) => m.role === 'assistant' && m.content.some((p) => 'providerOptions' in p))).toBe(false)
    expect(fromSandbox).toEqual(host)
  })

  it('leaves other models alone, like the host version', async () => {
    const sandboxed = await compileSandboxedRule(SANDBOXED_SOURCE)
    expect(processWith(stripUnsupportedAssistantMetadata, 'openai/gpt-4o')).toBeUndefined()
    expect(processWith(sandboxed, 'openai/gpt-4o')).toBeUndefined()
  })
})
