// Where the one schema and its migration history live, whatever the cwd.
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..')
export const schemaPath = path.join(repoRoot, 'prisma/schema.prisma')
export const migrationsDir = path.join(repoRoot, 'prisma/migrations')
