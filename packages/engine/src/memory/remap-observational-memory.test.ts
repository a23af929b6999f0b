import { describe, expect, it } from 'vitest'
import type { ObservationalMemoryRecord } from '../storage/types.ts'
import { observationRangeIds, observationRemapper, remapObservationalMemory, type ObservationRemapContext } from './remap-observational-memory.ts'
import { hashThreadId } from './thread-id-hash.ts'

const at = (minute: number) => new Date(Date.UTC(2024, 0, 1, 0, minute))
// Source thread m1..m6; the clone took m2, m3 and m5.
const context: ObservationRemapContext = {
  messageIdMap: { m2: 'n2', m3: 'n3', m5: 'n5' },
  cloned: [
    { id: 'm2', createdAt: at(2) },
    { id: 'm3', createdAt: at(3) },
    { id: 'm5', createdAt: at(5) },
  ],
  sourcePositions: new Map([
    ['m1', { id: 'm1', createdAt: at(1) }],
    ['m4', { id: 'm4', createdAt: at(4) }],
    ['m6', { id: 'm6', createdAt: at(6) }],
  ]),
  sourceThreadId: 'source-thread',
  targetThreadId: 'clone-thread',
  targetResourceId: 'other-resource',
}

describe('observation remapping', () => {
  const { remapText } = observationRemapper(context)

  it('maps a range whose ends were both cloned', () => {
    expect(remapText('<observation-group range="m2:m3">x</observation-group>')).toBe('<observation-group range="n2:n3">x</observation-group>')
  })

  it('narrows a range with uncloned ends to the cloned messages inside it', () => {
    expect(remapText('<observation-group id="g" range="m1:m4">x</observation-group>')).toBe('<observation-group id="g" range="n2:n3">x</observation-group>')
    expect(remapText('<observation-group range="m4:m6">y</observation-group>')).toBe('<observation-group range="n5:n5">y</observation-group>')
  })

  it('drops the range attribute (keeping the text) when nothing inside was cloned or an end is unknown', () => {
    const empty = { ...context, cloned: [], messageIdMap: {} }
    expect(observationRemapper(empty).remapText('<observation-group range="m1:m4">x</observation-group>')).toBe('<observation-group>x</observation-group>')
    expect(remapText('<observation-group range="other-thread-msg:m2">z</observation-group>')).toBe('<observation-group>z</observation-group>')
  })

  it('rewrites thread tags of the source thread, raw and hashed, and leaves other threads alone', () => {
    const text = [
      '<thread id="source-thread">a</thread>',
      `<thread id="${hashThreadId('source-thread')}">b</thread>`,
      '<thread id="another-thread">c</thread>',
    ].join('\n')
    expect(remapText(text)).toBe(
      ['<thread id="clone-thread">a</thread>', `<thread id="${hashThreadId('clone-thread')}">b</thread>`, '<thread id="another-thread">c</thread>'].join('\n'),
    )
  })

  it('finds the message ids ranges end on, including ids that contain a colon', () => {
    expect(observationRangeIds('<observation-group range="a:b"></observation-group><observation-group range="x:y:z">')).toEqual([
      'a',
      'b',
      'x',
      'y:z',
      'x:y',
      'z',
    ])
  })
})

describe('remapObservationalMemory', () => {
  const record: ObservationalMemoryRecord = {
    id: 'om-1',
    scope: 'resource',
    resourceId: 'source-resource',
    threadId: null,
    generation: 3,
    originType: 'reflection',
    activeObservations: '<thread id="source-thread"><observation-group range="m2:m5">likes tea</observation-group></thread>',
    observedMessageIds: ['m1', 'm2', 'm3', 'm5', 'm6'],
    bufferedObservationChunks: [
      { id: 'c1', observations: '<observation-group range="m5:m6">pending</observation-group>', messageIds: ['m5', 'm6'], tokenCount: 12, createdAt: at(7) },
    ],
    lastObservedAt: at(6),
    totalTokensObserved: 500,
    observationTokenCount: 40,
    pendingMessageTokens: 7,
    isObserving: true,
    isReflecting: true,
    isBufferingObservation: true,
    isBufferingReflection: true,
    config: { model: 'x' },
    metadata: { note: 1 },
    createdAt: at(0),
    updatedAt: at(7),
  }

  it('remaps every message reference, resets the transient flags and moves the record to the target', () => {
    const remapped = remapObservationalMemory(record, context)
    expect(remapped).toEqual({
      scope: 'resource',
      resourceId: 'other-resource',
      threadId: null,
      originType: 'reflection',
      activeObservations: '<thread id="clone-thread"><observation-group range="n2:n5">likes tea</observation-group></thread>',
      observedMessageIds: ['n2', 'n3', 'n5'],
      bufferedObservationChunks: [
        { id: 'c1', observations: '<observation-group range="n5:n5">pending</observation-group>', messageIds: ['n5'], tokenCount: 12, createdAt: at(7) },
      ],
      lastObservedAt: at(6),
      totalTokensObserved: 500,
      observationTokenCount: 40,
      pendingMessageTokens: 7,
      isObserving: false,
      isReflecting: false,
      isBufferingObservation: false,
      isBufferingReflection: false,
      config: { model: 'x' },
      metadata: { note: 1, clonedFrom: { observationalMemoryId: 'om-1', generation: 3, threadId: 'source-thread' } },
    })
  })

  it('points a thread-scoped record at the clone thread', () => {
    const remapped = remapObservationalMemory({ ...record, scope: 'thread', threadId: 'source-thread' }, context)
    expect([remapped.scope, remapped.threadId, remapped.resourceId]).toEqual(['thread', 'clone-thread', 'other-resource'])
  })
})
