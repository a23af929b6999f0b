// Builder for observational-memory records in database tests.
import type { NewObservationalMemoryRecord } from '@threadline/engine'

/** An empty first-generation record; `fields` override anything. */
export function observationalMemoryRecord(
  fields: Pick<NewObservationalMemoryRecord, 'scope' | 'resourceId' | 'threadId'> & Partial<NewObservationalMemoryRecord>,
): NewObservationalMemoryRecord {
  return {
    originType: 'initial',
    activeObservations: '',
    observedMessageIds: [],
    bufferedObservationChunks: [],
    lastObservedAt: null,
    totalTokensObserved: 0,
    observationTokenCount: 0,
    pendingMessageTokens: 0,
    isObserving: false,
    isReflecting: false,
    isBufferingObservation: false,
    isBufferingReflection: false,
    config: {},
    metadata: {},
    ...fields,
  }
}
