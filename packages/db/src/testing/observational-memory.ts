// Builder for observational-memory records in database tests.
import { EMPTY_OBSERVATIONAL_MEMORY_CONTENT, type NewObservationalMemoryRecord } from '@threadline/engine'

/** An empty first-generation record; `fields` override anything. */
export function observationalMemoryRecord(
  fields: Pick<NewObservationalMemoryRecord, 'scope' | 'resourceId' | 'threadId'> & Partial<NewObservationalMemoryRecord>,
): NewObservationalMemoryRecord {
  return { ...EMPTY_OBSERVATIONAL_MEMORY_CONTENT, originType: 'initial', ...fields }
}
