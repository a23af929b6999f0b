import { hasErrorMarker, ThreadlineError } from './threadline-error.ts'

const storage = Symbol.for('threadline.error.StorageError')
const vectorMissing = Symbol.for('threadline.error.VectorExtensionMissingError')

export class StorageError extends ThreadlineError {
  private readonly [storage] = true
  constructor(message: string, cause?: unknown) {
    super('STORAGE_ERROR', message, { cause })
  }

  static override isInstance(value: unknown): value is StorageError {
    return hasErrorMarker(value, storage)
  }
}

/** pgvector (or another vector capability) is missing where semantic recall needs it. */
export class VectorExtensionMissingError extends ThreadlineError {
  private readonly [vectorMissing] = true
  constructor(detail: string) {
    super('VECTOR_EXTENSION_MISSING', `Semantic recall needs the PostgreSQL "vector" extension (pgvector), which this database does not have: ${detail}`)
  }

  static override isInstance(value: unknown): value is VectorExtensionMissingError {
    return hasErrorMarker(value, vectorMissing)
  }
}
