import { describe, expect, it } from 'vitest'
import { observationMarks } from './observation-marks.ts'

describe('observationMarks', () => {
  it('marks observed and buffered messages of the current generation; observed wins', () => {
    const marks = observationMarks({
      generation: 2,
      observedMessageIds: ['m1', 'm2'],
      bufferedObservationChunks: [{ id: 'c', observations: '', messageIds: ['m2', 'm3'], tokenCount: 1, createdAt: new Date(0) }],
    })
    expect(Object.fromEntries(marks)).toEqual({
      m1: { kind: 'observed', generation: 2 },
      m2: { kind: 'observed', generation: 2 },
      m3: { kind: 'buffered', generation: 2 },
    })
  })

  it('marks nothing without a generation', () => {
    expect(observationMarks(null).size).toBe(0)
  })
})
