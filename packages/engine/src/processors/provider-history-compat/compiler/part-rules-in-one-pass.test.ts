import type { LanguageModelV3ReasoningPart } from '@ai-sdk/provider'
import { describe, expect, it } from 'vitest'
import type { LanguageModelPrompt } from '../../types.ts'
import { ProviderHistoryCompat } from '../provider-history-compat.ts'
import { deepFreeze, mixedPrompt } from '../test-fixtures.ts'
import { alphanumericDigest } from './collision-free-renames.ts'
import { runPartRulesInOnePass } from './part-rules-in-one-pass.ts'
import { geminiThoughtSignaturePlaceholder } from './gemini-thought-signature-placeholder.ts'
import { mergeConsecutiveRoles } from './merge-consecutive-roles.ts'
import { profileStripReasoning } from './profile-strip-reasoning.ts'
import { profileToolCallIdFormat } from './profile-tool-call-id-format.ts'
import { profileToolNameFormat } from './profile-tool-name-format.ts'

type PromptMessage = LanguageModelPrompt[number]

/** A model of every family, and a fallback list (the compiler meets every profile of it). */
const models: unknown[] = [
  'openai-chat/gpt-4o',
  'openai/gpt-5',
  'anthropic/claude-sonnet-4-5',
  { provider: 'google.generative-ai', modelId: 'gemini-3-pro-preview' },
  'google/gemini-3-pro-preview',
  { provider: 'mistral.chat', modelId: 'mistral-large-latest' },
  { provider: 'amazon-bedrock', modelId: 'anthropic.claude-sonnet-4-5-v1:0' },
  'cerebras/llama-3.3-70b',
  { provider: 'groq.chat', modelId: 'openai/gpt-oss-120b' },
  { provider: 'deepseek.chat', modelId: 'deepseek-reasoner' },
  { provider: 'xai.responses', modelId: 'grok-4' },
  'example-provider/model',
  ['mistral/mistral-large-latest', 'openai-chat/gpt-4o'],
]

/** A seeded generator (a 32-bit linear congruential one): the same histories on every run. */
function random(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0
    return state / 4294967296
  }
}

const reasoningParts: LanguageModelV3ReasoningPart[] = [
  { type: 'reasoning', text: 'bare' },
  { type: 'reasoning', text: 'OpenAI', providerOptions: { openai: { itemId: 'rs_1' } } },
  { type: 'reasoning', text: 'Anthropic', providerOptions: { anthropic: { signature: 'sig' } } },
  { type: 'reasoning', text: 'Bedrock', providerOptions: { bedrock: { signature: 'sig' } } },
  { type: 'reasoning', text: 'Gemini', providerOptions: { google: { thoughtSignature: 'sig' } } },
  { type: 'reasoning', text: 'xAI', providerOptions: { xai: { reasoningEncryptedContent: 'enc' } } },
]

/**
 * A history of `size` messages in any order: foreign and valid IDs, among
 * them the new names a rename gives other IDs (a valid ID equal to an earlier
 * new name makes a one-pass rename give up), rejected tool names, reasoning
 * of every provider, reasoning-only messages, provider-executed calls,
 * unanswered calls and stray results.
 */
function randomHistory(seed: number, size: number): LanguageModelPrompt {
  const next = random(seed)
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T
  const ids = ['call_1.a', 'call_1_a', 'toolu_01', 'aB3dE6gH9', 'functions.get_weather:0', '', alphanumericDigest('call_1.a', 9), 'x'.repeat(50)]
  const names = ['get_weather', 'weather.lookup', '1tool', 'a:b', 'n'.repeat(70)]
  const prompt: PromptMessage[] = []
  while (prompt.length < size) {
    const roll = next()
    if (roll < 0.1) prompt.push({ role: 'system', content: 'system' })
    else if (roll < 0.35) prompt.push({ role: 'user', content: [{ type: 'text', text: `q${prompt.length}` }] })
    else if (roll < 0.75) {
      const content: Extract<PromptMessage, { role: 'assistant' }>['content'] = []
      const parts = Math.floor(next() * 4)
      for (let index = 0; index < parts; index++) {
        const kind = next()
        if (kind < 0.4) content.push(pick(reasoningParts))
        else if (kind < 0.55) content.push({ type: 'text', text: 'answer' })
        else if (kind < 0.9) content.push({ type: 'tool-call', toolCallId: pick(ids), toolName: pick(names), input: {} })
        else content.push({ type: 'tool-result', toolCallId: pick(ids), toolName: pick(names), output: { type: 'text', value: 'done' } })
      }
      prompt.push({ role: 'assistant', content })
    } else {
      prompt.push({ role: 'tool', content: [{ type: 'tool-result', toolCallId: pick(ids), toolName: pick(names), output: { type: 'json', value: 1 } }] })
    }
  }
  return deepFreeze(prompt)
}

const histories = [mixedPrompt(), ...Array.from({ length: 60 }, (_, seed) => randomHistory(seed, 5 + (seed % 30)))]

describe('the part rules in one pass', () => {
  it('give, byte for byte, the prompt the strip, ID rename, name rename, (idle) placeholder and role merge give one after the other, for every family on random histories', () => {
    const partRules = [profileStripReasoning, profileToolCallIdFormat, profileToolNameFormat, geminiThoughtSignaturePlaceholder, mergeConsecutiveRoles]
    let inOnePass = 0
    for (const model of models) {
      for (const prompt of histories) {
        const oneByOne = partRules.reduce((current, rule) => rule.applyToPrompt?.({ prompt: current, model }) ?? current, prompt)
        const once = runPartRulesInOnePass(partRules, prompt, model, false)
        // undefined: a rename gave up its one pass, or the placeholder acts (Gemini's OpenAI-compatible endpoint): the compiler then runs the rules one by one
        if (once === undefined) continue
        inOnePass++
        expect(JSON.stringify(once)).toBe(JSON.stringify(oneByOne))
      }
    }
    // the pass stood for the rules on most histories, and gave up on some
    expect(inOnePass).toBeGreaterThan(models.length * histories.length * 0.5)
    expect(inOnePass).toBeLessThan(models.length * histories.length)
  })

  it('give an unrecorded call (one pass) the prompt explain() reports rule by rule, for every family', () => {
    const compat = new ProviderHistoryCompat()
    for (const model of models) {
      for (const prompt of histories) {
        const unrecorded = compat.processLLMRequest({ prompt, model: model as string, stepNumber: 0, retryCount: 0, state: {} })?.prompt ?? prompt
        const explained = compat.explain({ prompt, model: model as string, messages: [], retryCount: 0 }).proactive.prompt
        expect(JSON.stringify(unrecorded)).toBe(JSON.stringify(explained))
      }
    }
  })

  it('leave the prompt itself when nothing changes, and step aside for two rules of one kind', () => {
    const prompt = deepFreeze([{ role: 'user', content: [{ type: 'text', text: 'hi' }] }] satisfies LanguageModelPrompt)
    expect(runPartRulesInOnePass([profileStripReasoning, profileToolCallIdFormat], prompt, 'mistral/mistral-large-latest', false)).toBe(prompt)
    expect(runPartRulesInOnePass([profileToolCallIdFormat, profileToolCallIdFormat], prompt, 'mistral/mistral-large-latest', false)).toBeUndefined()
  })
})
