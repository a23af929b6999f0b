// The public API of @threadline/db.
export { migrateDatabase, openDatabase, type Database, type DatabaseKind, type OpenDatabaseOptions } from './open-database.ts'
export { defaultDatabaseUrl, parseDatabaseUrl, resolveDatabaseUrl, redactPassword, type DatabaseLocation } from './database-url.ts'
export { createPrismaStorage, type StorageBundle } from './storage/prisma-storage.ts'
export { createThreadQueries } from './queries/thread-queries.ts'
export { createLLMCallLog } from './calls/llm-call-log.ts'
export { createIndexJobStore } from './indexing/index-job-store.ts'
export { indexedDimensions, vectorQuerySql } from './storage/vectors.ts'
export { textCandidatesSql } from './storage/full-text.ts'
export { applyMigrations, type MigrationSources } from './migrations/apply-migrations.ts'
export { diffMigrationsToSchema, type SchemaDiff } from './migrations/diff-schema.ts'
export { createMigration, migrationFolderName } from './migrations/create-migration.ts'
export { repoRoot, schemaPath, migrationsDir } from './migrations/paths.ts'
export {
  checkOperatorPassword,
  hashOperatorPassword,
  hashPasswordArgon2id,
  isLegacyPasswordHash,
  verifyOperatorPassword,
} from './operators/operator-password.ts'
export { createOperator, CREDENTIAL_PROVIDER_ID, type CreatedOperator, type OperatorInput } from './operators/create-operator.ts'
export { PrismaClient, Prisma } from './generated/prisma/client.ts'
export { createThreadTransfer } from './transfer/thread-transfer.ts'
