import { describe, expect, it } from 'vitest'
import { deepFreeze } from '../test-fixtures.ts'
import { pairOrphanToolCalls } from './pair-orphan-tool-calls.ts'
import { assistantText, call, calls, result, results, user } from './test-prompts.ts'
import { CANCELLED_TOOL_RESULT_TEXT, toolPairingIssue } from './tool-pairing.ts'

const cancelled = (id: string) => ({
  type: 'tool-result',
  toolCallId: id,
  toolName: 'get_weather',
  output: { type: 'error-text', value: CANCELLED_TOOL_RESULT_TEXT },
})

describe('pairOrphanToolCalls', () => {
  it('answers a cancelled turn’s call with a synthetic cancelled result right after it, input untouched', () => {
    const prompt = deepFreeze([user('weather?'), calls(call('a')), user('never mind')])
    const next = pairOrphanToolCalls(prompt)
    expect(next).toEqual([user('weather?'), calls(call('a')), { role: 'tool', content: [cancelled('a')] }, user('never mind')])
    expect(next && toolPairingIssue(next)).toBeUndefined()
    expect(toolPairingIssue(prompt)).toMatch(/"a" has no result/)
  })

  it('completes a partly answered parallel step in its own tool message (a clone cut between results)', () => {
    const prompt = deepFreeze([user('q'), calls(call('a'), call('b')), results(result('a'))])
    expect(pairOrphanToolCalls(prompt)).toEqual([user('q'), calls(call('a'), call('b')), { role: 'tool', content: [result('a'), cancelled('b')] }])
  })

  it('moves a real result that comes later (not adjacent) up to its call: no synthetic result, no duplicate', () => {
    const prompt = deepFreeze([user('book?'), calls(call('a')), user('done?'), results(result('a')), assistantText('booked')])
    const next = pairOrphanToolCalls(prompt)
    expect(next).toEqual([user('book?'), calls(call('a')), results(result('a')), user('done?'), assistantText('booked')])
    expect(next && toolPairingIssue(next)).toBeUndefined()
  })

  it('takes a later result out of the tool message that holds it, the other results staying there', () => {
    const prompt = deepFreeze([calls(call('a')), user('go on'), calls(call('b')), results(result('b'), result('a'))])
    expect(pairOrphanToolCalls(prompt)).toEqual([calls(call('a')), results(result('a')), user('go on'), calls(call('b')), results(result('b'))])
  })

  it('returns undefined, copying nothing, when every call is answered', () => {
    expect(pairOrphanToolCalls([user('q'), calls(call('a')), results(result('a')), assistantText('21')])).toBeUndefined()
  })
})
