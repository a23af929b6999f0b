import { migrationStatus } from '../migration-status.ts'
import { publicProcedure, router } from '../trpc.ts'

export const healthRouter = router({
  /** Which database the server uses and whether the checked-in migrations are all applied to it. */
  check: publicProcedure.query(async ({ ctx }) => ({
    database: ctx.db.kind,
    migrations: await migrationStatus(ctx.db),
  })),
})
