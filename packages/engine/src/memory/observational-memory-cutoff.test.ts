import { describe, expect, it } from 'vitest'
import type { ObservationalMemoryRecord } from '../storage/types.ts'
import { observationalMemoryRecord } from '../testing/storage-fixtures.ts'
import { cutObservationalMemory, dropGroupsPastCutoff, referencedMessageIds } from './observational-memory-cutoff.ts'

// m1..m6 one minute apart; the fork sees m1..m3
const at = (minute: number) => new Date(Date.UTC(2025, 0, 1, 12, minute))
const position = (id: string) => ({ id, createdAt: at(Number(id.slice(1))) })
const visibleUpTo3 = (ids: string[]) => Promise.resolve(new Set(ids.filter((id) => /^m[123]$/.test(id))))
const positions = (ids: string[]) => Promise.resolve(new Map(ids.filter((id) => /^m\d$/.test(id)).map((id) => [id, position(id)])))

function record(fields: Partial<ObservationalMemoryRecord>): ObservationalMemoryRecord {
  return {
    ...observationalMemoryRecord({ scope: 'thread', threadId: 'src', resourceId: 'r' }),
    id: 'om-1',
    generation: 0,
    createdAt: at(0),
    updatedAt: at(9),
    ...fields,
  }
}

describe('dropGroupsPastCutoff', () => {
  const visible = new Set(['m1', 'm2', 'm3'])

  it('keeps groups wholly visible and groups without a range, drops the others with their text', () => {
    const text = [
      '<observation-group range="m1:m2">early</observation-group>',
      '<observation-group>no range</observation-group>',
      '<observation-group range="m4:m5">late</observation-group>',
      'loose line',
    ].join('\n')
    expect(dropGroupsPastCutoff(text, visible)).toEqual({
      text: ['<observation-group range="m1:m2">early</observation-group>', '<observation-group>no range</observation-group>', '', 'loose line'].join('\n'),
      straddling: [],
    })
  })

  it('reports the first end of a group straddling the cutoff', () => {
    expect(dropGroupsPastCutoff('<observation-group id="g" range="m2:m5">\nmixed\n</observation-group>', visible)).toEqual({ text: '', straddling: ['m2'] })
  })

  it('splits ids that contain ":" at the split whose ends are visible', () => {
    const ids = new Set(['a:1', 'b:2'])
    expect(dropGroupsPastCutoff('<observation-group range="a:1:b:2">x</observation-group>', ids).text).toBe(
      '<observation-group range="a:1:b:2">x</observation-group>',
    )
  })
})

describe('cutObservationalMemory', () => {
  it('drops what names a message past the cutoff and caps lastObservedAt', async () => {
    const source = record({
      activeObservations: '<observation-group range="m1:m3">seen</observation-group>\n<observation-group range="m4:m6">later</observation-group>',
      observedMessageIds: ['m1', 'm2', 'm3', 'm4', 'm5', 'm6'],
      bufferedObservationChunks: [
        { id: 'c1', observations: '<observation-group range="m3:m3">kept</observation-group>', messageIds: ['m3'], tokenCount: 3, createdAt: at(4) },
        { id: 'c2', observations: '<observation-group range="m5:m6">gone</observation-group>', messageIds: ['m5', 'm6'], tokenCount: 5, createdAt: at(7) },
      ],
      lastObservedAt: at(7),
    })
    const cut = await cutObservationalMemory(source, visibleUpTo3, positions, at(3))
    expect(cut).toEqual({
      ...source,
      activeObservations: '<observation-group range="m1:m3">seen</observation-group>\n',
      observedMessageIds: ['m1', 'm2', 'm3'],
      bufferedObservationChunks: [source.bufferedObservationChunks[0]],
      lastObservedAt: at(3),
    })
  })

  it('marks the visible messages of a straddling group unobserved again', async () => {
    const source = record({
      activeObservations: '<observation-group range="m1:m1">one</observation-group><observation-group range="m2:m5">two to five</observation-group>',
      observedMessageIds: ['m1', 'm2', 'm3', 'm4', 'm5'],
    })
    const cut = await cutObservationalMemory(source, visibleUpTo3, positions, null)
    expect(cut.activeObservations).toBe('<observation-group range="m1:m1">one</observation-group>')
    expect(cut.observedMessageIds).toEqual(['m1'])
  })

  it('asks for no visibility when the record names no message', async () => {
    const source = record({ activeObservations: 'plain text' })
    const cut = await cutObservationalMemory(source, () => Promise.reject(new Error('not called')), positions, at(3))
    expect(cut).toEqual(source)
    expect(referencedMessageIds(source)).toEqual([])
  })
})
