import { describe, expect, it } from 'vitest'
import { deepFreeze } from '../test-fixtures.ts'
import { profileToolCallIdFormat } from './profile-tool-call-id-format.ts'
import { call, calls, result, results, toolIds, user } from './test-prompts.ts'
import { toolPairingIssue } from './tool-pairing.ts'

const foreign = deepFreeze([
  user('q'),
  calls(call('call_0fypS1hVX'), call('functions.get_weather:0')),
  results(result('call_0fypS1hVX'), result('functions.get_weather:0')),
  calls(call('aB3dE6gH9')),
  results(result('aB3dE6gH9')),
])
const apply = (model: unknown, prompt = foreign) => profileToolCallIdFormat.applyToPrompt?.({ prompt, model })

describe('profile-tool-call-id-format', () => {
  it('Mistral: every ID becomes nine letters or digits, call and result alike; valid IDs stay', () => {
    const next = apply('mistral/mistral-large-latest')
    if (!next) throw new Error('expected a rewrite')
    const ids = toolIds(next)
    expect(ids.every((id) => /^[a-zA-Z0-9]{9}$/.test(id))).toBe(true)
    expect(ids[0]).toBe(ids[2])
    expect(ids[1]).toBe(ids[3])
    expect(ids.slice(4)).toEqual(['aB3dE6gH9', 'aB3dE6gH9'])
    expect(new Set(ids).size).toBe(3)
    expect(toolPairingIssue(next)).toBeUndefined()
  })

  it('is deterministic: the same history always gives the same IDs', () => {
    expect(apply({ provider: 'mistral.chat', modelId: 'm' })).toEqual(apply('mistral/other'))
  })

  it('never collides with an ID already in the history', () => {
    const first = toolIds(apply('mistral/m', deepFreeze([calls(call('x.1')), results(result('x.1'))])) ?? [])[0] ?? ''
    const prompt = deepFreeze([calls(call(first)), results(result(first)), calls(call('x.1')), results(result('x.1'))])
    const ids = toolIds(apply('mistral/m', prompt) ?? [])
    expect(ids.slice(0, 2)).toEqual([first, first])
    expect(ids[2]).not.toBe(first)
    expect(ids[2]).toMatch(/^[a-zA-Z0-9]{9}$/)
  })

  it('Bedrock: rejected characters become `_`; OpenAI Responses accepts both IDs as they are', () => {
    expect(toolIds(apply('amazon-bedrock/anthropic.claude') ?? [])).toEqual([
      'call_0fypS1hVX',
      'functions_get_weather_0',
      'call_0fypS1hVX',
      'functions_get_weather_0',
      'aB3dE6gH9',
      'aB3dE6gH9',
    ])
    expect(apply('openai/gpt-5')).toBeUndefined()
  })

  it('leaves Anthropic to its reactive rule (the spec’s anthropic-tool-id-format)', () => {
    expect(apply('anthropic/claude-sonnet-4-5')).toBeUndefined()
  })
})
