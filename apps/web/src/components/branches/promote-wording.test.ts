import { describe, expect, it } from 'vitest'
import { laterMessagesMoveSentence } from './promote-wording.ts'

describe('laterMessagesMoveSentence', () => {
  it('says how many messages the source added after the branch point, with the verb agreeing', () => {
    expect(laterMessagesMoveSentence(2, '“Warranty”', '“Branch of Warranty”')).toBe(
      'The 2 messages that “Warranty” added after the branch point move to a new branch of it, “Branch of Warranty”, with its working and observational memory: nothing is lost.',
    )
    expect(laterMessagesMoveSentence(1, '“Warranty”', '“Branch of Warranty”')).toBe(
      'The 1 message that “Warranty” added after the branch point moves to a new branch of it, “Branch of Warranty”, with its working and observational memory: nothing is lost.',
    )
  })

  it('says so when the source added nothing after the branch point: only its memory moves', () => {
    expect(laterMessagesMoveSentence(0, '“Warranty”', 'an untitled branch')).toBe(
      '“Warranty” added no messages after the branch point; its working and observational memory move to a new branch of it, an untitled branch: nothing is lost.',
    )
  })
})
