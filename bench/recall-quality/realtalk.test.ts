import { describe, expect, it } from 'vitest'
import { evidenceTurnIds, parseChatTime } from './realtalk.ts'

describe('REALTALK reading', () => {
  it('reads the chats day-first times', () => {
    expect(parseChatTime('29.12.2023, 00:51:12').toISOString()).toBe('2023-12-29T00:51:12.000Z')
    expect(() => parseChatTime('2023-12-29')).toThrow(/unreadable/)
  })

  it('reads the hand-typed evidence: single turns, lists, ranges within a session, stray punctuation', () => {
    expect(evidenceTurnIds('D1:6')).toEqual(['D1:6'])
    expect(evidenceTurnIds('D5:3.')).toEqual(['D5:3'])
    expect(evidenceTurnIds('D11:17; D16:1')).toEqual(['D11:17', 'D16:1'])
    expect(evidenceTurnIds('D12:3-D12:5')).toEqual(['D12:3', 'D12:4', 'D12:5'])
    expect(evidenceTurnIds('D14:8-D14:9;D15:16-D15:17')).toEqual(['D14:8', 'D14:9', 'D15:16', 'D15:17'])
    // a 'range' across sessions is two turns, not every turn between them
    expect(evidenceTurnIds('D13:45-D20:19')).toEqual(['D13:45', 'D20:19'])
    expect(evidenceTurnIds('none')).toEqual([])
  })
})
