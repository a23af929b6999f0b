import type { MemoryStorage } from '@threadline/engine/storage'

export type StorageCall = { method: string; firstArgument: unknown }

/**
 * The real storage, recording each call of its methods (inside its
 * transactions too) in order: a test can tell which reads a use case made
 * without mocking the database.
 */
export function recordingStorage(storage: MemoryStorage): { storage: MemoryStorage; calls: StorageCall[] } {
  const calls: StorageCall[] = []
  const record = (inner: MemoryStorage): MemoryStorage => {
    const methods = Object.entries(inner).map(([method, call]: [string, (...args: unknown[]) => unknown]) => [
      method,
      (...args: unknown[]) => {
        calls.push({ method, firstArgument: args[0] })
        return call(...args)
      },
    ])
    return {
      ...(Object.fromEntries(methods) as MemoryStorage),
      transaction: (fn, options) => {
        calls.push({ method: 'transaction', firstArgument: undefined })
        return inner.transaction((tx) => fn({ ...tx, storage: record(tx.storage) }), options)
      },
    }
  }
  return { storage: record(storage), calls }
}
