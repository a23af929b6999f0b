// Whether this database can do semantic recall. The init migration creates the
// pgvector extension and the `embedding` column only where the server offers
// pgvector; the vector store asks here before every operation (probed once).
import { VectorExtensionMissingError } from '@threadline/engine'
import type { Db } from './context.ts'

export type VectorSupport = {
  /** Resolves when pgvector is usable; rejects with VectorExtensionMissingError otherwise. */
  ensure(db: Db): Promise<void>
}

type Probe = { available: boolean; installed: boolean; hasColumn: boolean }

function missingDetail(probe: Probe): string | null {
  if (!probe.available) return 'the server has no "vector" in pg_available_extensions (install pgvector on the server)'
  if (!probe.installed) return 'pgvector is available but not installed in this database (the role may not create extensions)'
  if (!probe.hasColumn) return 'message_embeddings has no "embedding" column (the database was migrated before pgvector was installed)'
  return null
}

export function createVectorSupport(): VectorSupport {
  let probed: Promise<string | null> | undefined
  return {
    async ensure(db) {
      probed ??= db.$queryRaw<Probe[]>`
          SELECT
            EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'vector') AS available,
            EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'vector') AS installed,
            EXISTS (
              SELECT 1 FROM information_schema.columns
              WHERE table_schema = current_schema() AND table_name = 'message_embeddings' AND column_name = 'embedding'
            ) AS "hasColumn"`
        .then(([probe]) => missingDetail(probe!))
        .catch((error: unknown) => {
          probed = undefined // a failed probe (e.g. a dropped connection) is retried next time
          throw error
        })
      const detail = await probed
      if (detail !== null) throw new VectorExtensionMissingError(detail)
    },
  }
}

/**
 * Whether this database stores vectors at all (for operations that carry
 * existing vectors along, like materializeBranches: without pgvector there
 * are none to carry, which is not an error).
 */
export async function vectorsAvailable(support: VectorSupport, db: Db): Promise<boolean> {
  try {
    await support.ensure(db)
    return true
  } catch (error) {
    if (VectorExtensionMissingError.isInstance(error)) return false
    throw error
  }
}
