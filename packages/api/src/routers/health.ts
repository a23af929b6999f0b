import { migrationStatus } from '../migration-status.ts'
import type { Services } from '../services.ts'
import { publicProcedure, router } from '../trpc.ts'

/**
 * How recall works on this server, as it is: 'hybrid' (full text + vectors)
 * only with an embedding model in use, which needs pgvector; else 'text'.
 */
function recallHealth(services: Services) {
  return {
    mode: services.embedder === null ? ('text' as const) : ('hybrid' as const),
    /** the embedding model in use; null when none is configured or the database has no pgvector */
    embedder: services.embedder?.id ?? null,
    pgvector: services.semanticRecall,
  }
}

export const healthRouter = router({
  /** Which database the server uses, whether the checked-in migrations are all applied, and how recall works. No sign-in needed. */
  check: publicProcedure.query(async ({ ctx }) => ({
    database: ctx.services.db.kind,
    recall: recallHealth(ctx.services),
    migrations: await migrationStatus(ctx.services.db),
  })),
})
