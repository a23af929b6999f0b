import { describe, expect, it } from 'vitest'
import type { ProviderFamily } from './capability-profile.ts'
import { capabilityProfiles } from './profiles.ts'
import { targetProfiles } from './target-profiles.ts'

const families: ProviderFamily[] = [
  'openai-chat',
  'openai-responses',
  'anthropic',
  'google',
  'google-openai-compatible',
  'mistral',
  'bedrock',
  'cerebras',
  'groq',
  'deepseek',
  'xai',
  'openai-compatible',
]

describe('capability profiles', () => {
  it('has one deeply frozen profile per family, named by its family', () => {
    expect(Object.keys(capabilityProfiles).sort()).toEqual([...families].sort())
    for (const family of families) {
      const profile = capabilityProfiles[family]
      expect(profile.family).toBe(family)
      expect(Object.isFrozen(profile) && Object.isFrozen(profile.toolCallId) && Object.isFrozen(profile.reasoning)).toBe(true)
    }
  })

  it('states the documented formats: Mistral nine alphanumerics, Bedrock names and IDs [a-zA-Z0-9_-]{1,64}', () => {
    const { mistral, bedrock } = capabilityProfiles
    expect(['aB3dE6gH9', 'call_0fypS1hVX', 'abc'].map((id) => mistral.toolCallId.pattern.test(id))).toEqual([true, false, false])
    expect(bedrock.toolName.pattern.test('get.weather')).toBe(false)
    expect(bedrock.toolName.maxLength).toBe(64)
    expect(bedrock.roleAlternation).toBe(true)
    expect(capabilityProfiles.google.thoughtSignatures).toBe('replayed-by-package')
    expect(capabilityProfiles['google-openai-compatible'].thoughtSignatures).toBe('placeholder-on-foreign-calls')
  })
})

describe('targetProfiles', () => {
  it('answers the same frozen object for the same model (detection is remembered)', () => {
    const model = { provider: 'mistral.chat', modelId: 'mistral-large-latest' }
    expect(targetProfiles(model)).toBe(targetProfiles(model))
    expect(targetProfiles('mistral/x')).toBe(targetProfiles('mistral/x'))
    expect(targetProfiles(model).profiles).toEqual([capabilityProfiles.mistral])
  })
})
