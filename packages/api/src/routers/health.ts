import { migrationStatus } from '../migration-status.ts'
import { publicProcedure, router } from '../trpc.ts'

export const healthRouter = router({
  /** Which database the server uses, whether the checked-in migrations are all applied, and whether semantic recall works. No sign-in needed. */
  check: publicProcedure.query(async ({ ctx }) => ({
    database: ctx.services.db.kind,
    semanticRecall: ctx.services.semanticRecall,
    migrations: await migrationStatus(ctx.services.db),
  })),
})
