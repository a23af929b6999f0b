import { describe, expect, it } from 'vitest'
import { observationSegments } from './observation-groups.ts'

describe('observationSegments', () => {
  const here = new Set(['m1', 'm4', 'tool:call:7'])
  const isHere = (id: string) => here.has(id)

  it('turns observation-group markup into sections with their message range, keeping free text around them', () => {
    const text = ['Summary first.', '<observation-group range="m1:m4">', '- 🔴 cracked jar', '- 🟡 photo asked', '</observation-group>', 'Tail note.'].join(
      '\n',
    )
    expect(observationSegments(text, isHere)).toEqual([
      { kind: 'text', text: 'Summary first.' },
      { kind: 'group', range: ['m1', 'm4'], rawRange: 'm1:m4', text: '- 🔴 cracked jar\n- 🟡 photo asked' },
      { kind: 'text', text: 'Tail note.' },
    ])
  })

  it("splits a range whose ids contain ':' at the colon that gives two known ids; an unknown range stays raw", () => {
    const text =
      '<observation-group range="m1:tool:call:7">a</observation-group><observation-group range="x:y">b</observation-group><observation-group>c</observation-group>'
    expect(observationSegments(text, isHere)).toEqual([
      { kind: 'group', range: ['m1', 'tool:call:7'], rawRange: 'm1:tool:call:7', text: 'a' },
      { kind: 'group', range: null, rawRange: 'x:y', text: 'b' },
      { kind: 'group', range: null, rawRange: null, text: 'c' },
    ])
  })
})
