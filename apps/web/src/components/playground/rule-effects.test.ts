import { describe, expect, it } from 'vitest'
import { fixtureEffect } from './rule-effects.ts'

const prompt = [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'hi' }] }]

describe('fixtureEffect', () => {
  it('says whether a prompt fixture is rewritten, for its model', () => {
    expect(fixtureEffect({ name: 'a', kind: 'prompt', model: 'openai/gpt-4o', prompt, expect: { fires: true } })).toBe(
      'rewrites the prompt sent to openai/gpt-4o',
    )
    expect(fixtureEffect({ name: 'b', kind: 'prompt', model: 'openai/gpt-4o', prompt, expect: { fires: false } })).toBe(
      'leaves the prompt sent to openai/gpt-4o alone',
    )
  })

  it('says whether an error fixture is ignored, only matched, or repaired and retried', () => {
    const error = { kind: 'http' as const, status: 400, headers: {}, body: '', url: 'https://x.invalid' }
    const base = { name: 'e', kind: 'error' as const, model: 'mistral/mistral-large', error, messages: [] }
    expect(fixtureEffect({ ...base, expect: { matches: false } })).toBe('ignores HTTP 400 from mistral/mistral-large')
    expect(fixtureEffect({ ...base, expect: { matches: true, fixes: false } })).toBe(
      'matches HTTP 400 from mistral/mistral-large, leaving the messages as they are',
    )
    expect(fixtureEffect({ ...base, expect: { matches: true } })).toBe('repairs the messages after HTTP 400 from mistral/mistral-large, then retries')
    expect(fixtureEffect({ ...base, error: { kind: 'connection', code: 'ECONNRESET', message: 'reset' }, expect: { matches: false } })).toBe(
      'ignores ECONNRESET from mistral/mistral-large',
    )
  })
})
