import { describe, expect, it } from 'vitest'
import { storedMessage, toolPart, toolResult } from '../test-fixtures.ts'
import { planIdRewrites, rewriteIds, type ToolCallIdFormat } from './tool-call-id-rewrites.ts'

/** Upper-case ids only; a refused id becomes its upper-case form, then that form with `Z`, `ZZ`, ... */
const upperCase: ToolCallIdFormat = { isValid: (id) => /^[A-Z]+$/.test(id), candidate: (id, attempt) => `${id.toUpperCase()}${'Z'.repeat(attempt - 1)}` }

describe('tool-call id rewrites', () => {
  it('plans by first appearance, skips taken candidates, and rewrites parts and legacy lists alike', () => {
    const messages = [storedMessage('m1', 'assistant', [toolPart('AB'), toolPart('ab'), toolPart('cd')], [toolResult('ab')])]
    expect([...planIdRewrites(messages, upperCase)]).toEqual([
      ['ab', 'ABZ'],
      ['cd', 'CD'],
    ])
    expect(rewriteIds(messages, upperCase)).toBe(true)
    expect(messages[0]!.content.toolInvocations?.[0]?.toolCallId).toBe('ABZ')
    expect(rewriteIds(messages, upperCase)).toBe(false)
  })
})
