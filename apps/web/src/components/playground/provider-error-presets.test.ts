import { providerErrorPresets, providerErrorShape } from '@threadline/engine/provider-error-presets'
import { describe, expect, it } from 'vitest'
import { builtInCompatRules } from '@threadline/engine'
import { errorPresets, presetById, presetForRule, providerOfModel } from './provider-error-presets.ts'

describe('the playground error presets', () => {
  it("are the engine's catalogue: same names, same status, headers, body and chunk", () => {
    expect(errorPresets.map((preset) => preset.id)).toEqual(providerErrorPresets.map((preset) => preset.name))
    for (const preset of providerErrorPresets) expect(presetById(preset.name)?.shape).toEqual(providerErrorShape(preset.reply))
  })

  it('label each preset with the trigger and the HTTP status, and offer a model of its provider', () => {
    expect(presetById('anthropicInvalidToolUseId')).toMatchObject({
      provider: 'Anthropic',
      label: 'tool-call ID from another provider (400)',
      model: 'anthropic/claude-sonnet-4-5',
      threadId: 'acme-delivery-storm',
    })
    expect(presetById('openaiStreamRateLimit')).toMatchObject({ label: 'rate limit mid-stream (the wait only in the text)', model: 'openai/gpt-4o' })
    expect(presetById('openaiStreamRateLimit')).not.toHaveProperty('threadId')
    // the spec's custom-matcher example is a preset too (it was left out while drops had no shape)
    expect(presetById('connectionReset')).toMatchObject({
      label: 'connection reset before any byte (ECONNRESET)',
      shape: { kind: 'connection', code: 'ECONNRESET' },
    })
    expect(presetById('openaiResponsesReasoningWithoutFollowingItem')).toMatchObject({ provider: 'OpenAI', model: 'openai/gpt-4o', shape: { status: 400 } })
  })

  it('give every built-in reactive rule the recorded error it waits for, from its own provider', () => {
    const reactive = builtInCompatRules.filter((rule) => rule.fix !== undefined)
    expect(reactive.map((rule) => [rule.name, presetForRule(rule.name)?.id])).toEqual([
      ['anthropic-tool-id-format', 'anthropicInvalidToolUseId'],
      ['openai-responses-orphan-reasoning', 'openaiResponsesReasoningWithoutFollowingItem'],
      ['gemini-missing-thought-signature', 'geminiOpenAICompatibleMissingThoughtSignature'],
      ['mistral-tool-call-id-format', 'mistralForeignToolCallId'],
      ['bedrock-tool-use-id-format', 'bedrockInvalidToolUseId'],
      ['orphan-tool-call-cancelled', 'openaiChatOrphanToolCall'],
      ['groq-reasoning-unsupported', 'groqReasoningUnsupported'],
    ])
    for (const rule of reactive) {
      const preset = presetForRule(rule.name)!
      const text = preset.shape.kind === 'http' ? preset.shape.body : ''
      expect(rule.errorPatterns!.some((pattern) => pattern.test(text))).toBe(true)
    }
    expect(providerOfModel(presetForRule('anthropic-tool-id-format')!.model)).toBe(providerOfModel('anthropic/claude-opus-4'))
  })
})
