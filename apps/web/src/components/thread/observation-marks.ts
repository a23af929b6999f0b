import type { ObservationalMemoryRecord } from '@threadline/engine'
import type { ObservationMark } from './message-card.tsx'

/** Which messages the current OM generation observed, and which sit in its buffered chunks. */
export function observationMarks(current: Pick<ObservationalMemoryRecord, 'generation' | 'observedMessageIds' | 'bufferedObservationChunks'> | null) {
  const marks = new Map<string, NonNullable<ObservationMark>>()
  if (current === null) return marks
  for (const chunk of current.bufferedObservationChunks) {
    for (const id of chunk.messageIds) marks.set(id, { kind: 'buffered', generation: current.generation })
  }
  for (const id of current.observedMessageIds) marks.set(id, { kind: 'observed', generation: current.generation })
  return marks
}
