import { describe, expect, it } from 'vitest'
import { observationLines } from './observation-priority.ts'

describe('observationLines', () => {
  it('reads the priority marker of each line, with or without a list dash, and drops it from the text', () => {
    expect(observationLines('- 🔴 cracked jar\n- 🟡 photo asked\n  🟢 refund approved')).toEqual([
      { indent: '', priority: 'high', text: 'cracked jar' },
      { indent: '', priority: 'medium', text: 'photo asked' },
      { indent: '  ', priority: 'low', text: 'refund approved' },
    ])
  })

  it('keeps lines without a marker as written, a marker inside the text included', () => {
    expect(observationLines('Date: Nov 3\n  - sub-point 🔴 later')).toEqual([
      { indent: '', priority: null, text: 'Date: Nov 3' },
      { indent: '', priority: null, text: '  - sub-point 🔴 later' },
    ])
  })
})
