import { expect, it } from 'vitest'
import { runParametersLabel } from './run-parameters-label.ts'

it('names each parameter, or the provider`s default when it is not set (null or absent)', () => {
  expect(runParametersLabel({ temperature: 0.4, maxOutputTokens: 300 })).toBe('temperature 0.4 · max tokens 300')
  expect(runParametersLabel({ temperature: 0, maxOutputTokens: null })).toBe('temperature 0 · max tokens provider default')
  expect(runParametersLabel({})).toBe('temperature provider default · max tokens provider default')
})
