import type { z } from 'zod'
import type { NewObservationalMemoryRecord, ObservationalMemoryRecord } from '../storage/types.ts'
import type { GivenFields } from '../validation/given-fields.ts'
import type { observationalMemoryFieldsSchema } from './input-schemas.ts'

/** The fields given to rewrite (see givenFields: a key given as `undefined` is not given). */
export type ObservationalMemoryFields = GivenFields<z.output<typeof observationalMemoryFieldsSchema>>

/** A record's content before anything was observed. */
export const EMPTY_OBSERVATIONAL_MEMORY_CONTENT = {
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
} satisfies Partial<ObservationalMemoryRecord>

/** Where a new OM generation belongs. */
export type ObservationalMemoryOwner = Pick<ObservationalMemoryRecord, 'scope' | 'resourceId' | 'threadId'>

/** The first generation of a key: empty content overlaid with `fields`. */
export function initialObservationalMemory(owner: ObservationalMemoryOwner, fields: ObservationalMemoryFields): NewObservationalMemoryRecord {
  return { ...EMPTY_OBSERVATIONAL_MEMORY_CONTENT, ...fields, ...owner, originType: 'initial' }
}

/**
 * The generation a reflection produces: the current content carried over and
 * overlaid with the reflected `fields`; in-progress flags start cleared.
 */
export function reflectedObservationalMemory(
  owner: ObservationalMemoryOwner,
  current: ObservationalMemoryRecord | null,
  fields: ObservationalMemoryFields,
): NewObservationalMemoryRecord {
  const carried = current === null ? EMPTY_OBSERVATIONAL_MEMORY_CONTENT : { ...EMPTY_OBSERVATIONAL_MEMORY_CONTENT, ...contentOf(current) }
  return {
    ...carried,
    isObserving: false,
    isReflecting: false,
    isBufferingObservation: false,
    isBufferingReflection: false,
    ...fields,
    ...owner,
    originType: 'reflection',
  }
}

function contentOf(record: ObservationalMemoryRecord) {
  const { id: _id, generation: _generation, createdAt: _created, updatedAt: _updated, originType: _origin, ...content } = record
  return content
}
