import type { LanguageModelV3ReasoningPart } from '@ai-sdk/provider'
import { describe, expect, it } from 'vitest'
import type { LanguageModelPrompt } from '../../types.ts'
import { deepFreeze } from '../test-fixtures.ts'
import { profileStripReasoning } from './profile-strip-reasoning.ts'
import { user } from './test-prompts.ts'

const reasoning = (text: string, providerOptions?: LanguageModelV3ReasoningPart['providerOptions']): LanguageModelV3ReasoningPart => ({
  type: 'reasoning',
  text,
  ...(providerOptions ? { providerOptions } : {}),
})
const prompt = deepFreeze<LanguageModelPrompt>([
  user('q'),
  {
    role: 'assistant',
    content: [reasoning('bedrock', { bedrock: { signature: 's' } }), reasoning('foreign', { openai: { itemId: 'rs_1' } }), { type: 'text', text: 'a' }],
  },
])
const kept = (model: unknown) => {
  const next = profileStripReasoning.applyToPrompt?.({ prompt, model }) ?? prompt
  return next.flatMap((message) => (message.role === 'assistant' ? message.content.flatMap((part) => (part.type === 'reasoning' ? [part.text] : [])) : []))
}

describe('profile-strip-reasoning', () => {
  it('keeps only the target’s own signed reasoning where the profile needs a signature (Bedrock)', () => {
    expect(kept('amazon-bedrock/anthropic.claude')).toEqual(['bedrock'])
  })

  it('strips all reasoning where the profile takes none back (Mistral), keeps all where it accepts it (OpenAI Responses)', () => {
    expect(kept('mistral/m')).toEqual([])
    expect(kept('openai/gpt-5')).toEqual(['bedrock', 'foreign'])
  })

  it('leaves Anthropic and Cerebras to their own built-in rules', () => {
    expect(profileStripReasoning.applyToPrompt?.({ prompt, model: 'anthropic/claude' })).toBeUndefined()
    expect(profileStripReasoning.applyToPrompt?.({ prompt, model: 'cerebras/llama' })).toBeUndefined()
  })
})
