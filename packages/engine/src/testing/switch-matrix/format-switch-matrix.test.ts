import { describe, expect, it } from 'vitest'
import { formatSwitchMatrix } from './format-switch-matrix.ts'
import type { SwitchAttempt, SwitchCell } from './run-switch-matrix.ts'

const ok: SwitchAttempt = { accepted: true, retries: 0, requests: 1, drops: [] }
const refused: SwitchAttempt = { accepted: false, retries: 0, requests: 1, rejection: 'property reasoning is unsupported', drops: [] }
const cell = (source: string, target: string, history: string, firstAttempt = ok, afterRepair = ok): SwitchCell => ({
  source,
  target,
  history,
  firstAttempt,
  afterRepair,
})

describe('formatSwitchMatrix', () => {
  it('counts the green histories per cell both ways and names each cell that is not green, with why', () => {
    const text = formatSwitchMatrix([
      cell('a', 'a', 'plain'),
      cell('a', 'b', 'plain', refused, { ...ok, retries: 1, requests: 2 }),
      cell('b', 'a', 'plain', ok, { ...ok, drops: ['text dropped: "x"'] }),
      cell('b', 'b', 'plain'),
    ])
    expect(text).toContain('| source ↓ target → | a | b |')
    expect(text).toContain('| a | 1/1 | 0/1 |')
    expect(text).toContain('| b | 1/0 | 1/1 |')
    expect(text).toContain('2 of 4 cells green both ways.')
    expect(text).toContain('- plain: first attempt refused: property reasoning is unsupported; after repair ok (a -> b)')
    expect(text).toContain('- plain: first attempt ok; after repair silent drop: text dropped: "x" (b -> a)')
  })
})
