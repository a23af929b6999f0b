// Compares prisma/migrations with prisma/schema.prisma, offline.
//   pnpm db:diff                      prints the SQL a new migration would need
//   pnpm db:check-drift               (--check) exits 1 with that SQL when they differ
//   pnpm db:new-migration <name>      (--create <name>) writes the next migration folder
// --schema <file> and --migrations <folder> compare other copies (tests use them).
import path from 'node:path'
import { parseArgs } from 'node:util'
import { createMigration, diffMigrationsToSchema, repoRoot } from '../src/index.ts'

const { values } = parseArgs({
  options: { check: { type: 'boolean' }, create: { type: 'string' }, schema: { type: 'string' }, migrations: { type: 'string' } },
})
const sources = { schemaPath: values.schema, migrationsDir: values.migrations }

if (values.create !== undefined) {
  const folder = await createMigration(values.create, sources)
  console.log(folder ? `Created ${path.relative(repoRoot, folder)}` : 'schema.prisma matches the migrations: nothing to create.')
} else {
  const diff = await diffMigrationsToSchema(sources)
  if (diff.inSync) {
    console.log('schema.prisma and prisma/migrations are in sync.')
  } else {
    const advice = 'Create a migration with `pnpm db:new-migration <name>`.'
    if (values.check) {
      console.error(`Drift: schema.prisma differs from prisma/migrations. The missing migration:\n\n${diff.sql}\n${advice}`)
      process.exitCode = 1
    } else {
      console.log(`${diff.sql}\n-- ${advice}`)
    }
  }
}
