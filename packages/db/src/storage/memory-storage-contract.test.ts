// The engine's MemoryStorage contract suite on both databases. What only this
// implementation promises (statement counts, field paths of its input errors,
// rows it creates, snapshots on a server) stays in the tests beside each file.
import { VectorExtensionMissingError } from '@threadline/engine'
import type { VectorStore } from '@threadline/engine/storage'
import { describeMemoryStorageContract } from '@threadline/engine/testing/memory-storage-contract'
import { openTestDatabase, testDatabaseKinds } from '../testing/index.ts'

/** The vector store when the database has pgvector (PGlite always; the test server maybe not). */
async function vectorsIfSupported(vector: VectorStore): Promise<VectorStore | null> {
  try {
    await vector.listVectorMessageIds([], 'probe')
    return vector
  } catch (error) {
    if (error instanceof VectorExtensionMissingError) return null
    throw error
  }
}

for (const kind of testDatabaseKinds) {
  describeMemoryStorageContract(`MemoryStorage contract [${kind}]`, async () => {
    const db = await openTestDatabase(kind)
    return { storage: db.storage, vector: await vectorsIfSupported(db.vector), close: () => db.close() }
  })
}
