import { describe, expect, it } from 'vitest'
import { deepFreeze } from '../test-fixtures.ts'
import { profileToolNameFormat } from './profile-tool-name-format.ts'
import { call, calls, result, results } from './test-prompts.ts'

const prompt = deepFreeze([
  calls(call('a', 'weather.lookup'), call('b', 'weather_lookup')),
  results(result('a', 'weather.lookup'), result('b', 'weather_lookup')),
  calls(call('c', 'mcp:files/read')),
  results(result('c', 'mcp:files/read')),
])
const names = (next: typeof prompt | undefined) =>
  (next ?? []).flatMap((message) => (typeof message.content === 'string' ? [] : message.content.flatMap((part) => ('toolName' in part ? [part.toolName] : []))))

describe('profile-tool-name-format', () => {
  it('Bedrock: names outside [a-zA-Z0-9_-] are sanitised the same in call and result, without colliding', () => {
    const next = profileToolNameFormat.applyToPrompt?.({ prompt, model: { provider: 'amazon-bedrock', modelId: 'm' } })
    expect(names(next)).toEqual(['weather_lookup_2', 'weather_lookup', 'weather_lookup_2', 'weather_lookup', 'mcp_files_read', 'mcp_files_read'])
  })

  it('Gemini takes dots: only the name with a slash is rewritten (to a portable name)', () => {
    const next = profileToolNameFormat.applyToPrompt?.({ prompt, model: 'google/gemini-3-pro' })
    expect(names(next)).toEqual(['weather.lookup', 'weather_lookup', 'weather.lookup', 'weather_lookup', 'mcp_files_read', 'mcp_files_read'])
  })
})
