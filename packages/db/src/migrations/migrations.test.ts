import { execFile } from 'node:child_process'
import { cp, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrateDatabase, openDatabase } from '../open-database.ts'
import { emptyTestDatabase, testDatabaseKinds } from '../testing/index.ts'
import { createMigration, migrationFolderName } from './create-migration.ts'
import { diffMigrationsToSchema } from './diff-schema.ts'
import { migrationsDir, repoRoot, schemaPath } from './paths.ts'

const run = promisify(execFile)

for (const kind of testDatabaseKinds) {
  describe(`migrations [${kind}]`, () => {
    it('applies the history once; a second run is a no-op', async () => {
      const target = await emptyTestDatabase(kind)
      try {
        const history = (await readdir(migrationsDir, { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name)
        expect(await migrateDatabase(target.url)).toEqual(history.sort())
        expect(await migrateDatabase(target.url)).toEqual([])

        const db = await openDatabase(target.url, { migrate: false })
        try {
          const rows = await db.prisma.$queryRaw<{ name: string; finished: boolean }[]>`
            SELECT migration_name AS name, finished_at IS NOT NULL AS finished FROM _prisma_migrations ORDER BY migration_name`
          expect(rows).toEqual(history.map((name) => ({ name, finished: true })))
        } finally {
          await db.close()
        }
      } finally {
        await target.dispose()
      }
    })

    it('fails loudly on a broken migration and does not record it as applied', async () => {
      const target = await emptyTestDatabase(kind)
      const migrations = await mkdtemp(path.join(tmpdir(), 'threadline-broken-'))
      try {
        await cp(migrationsDir, migrations, { recursive: true })
        await mkdir(path.join(migrations, '20990101000000_broken'))
        await writeFile(path.join(migrations, '20990101000000_broken/migration.sql'), 'CREATE TABLE half (id int);\nSELECT no_such_function();\n')
        await expect(migrateDatabase(target.url, { migrationsDir: migrations })).rejects.toThrow(/no_such_function/)

        const db = await openDatabase(target.url, { migrate: false })
        try {
          const rows = await db.prisma.$queryRaw<{ finished: boolean }[]>`
            SELECT finished_at IS NOT NULL AS finished FROM _prisma_migrations WHERE migration_name = '20990101000000_broken'`
          expect(rows).toEqual([{ finished: false }])
        } finally {
          await db.close()
        }
      } finally {
        await rm(migrations, { recursive: true, force: true })
        await target.dispose()
      }
    })
  })
}

describe('drift check', () => {
  let work: string
  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'threadline-drift-'))
    await cp(migrationsDir, path.join(work, 'migrations'), { recursive: true })
    // a model change without a migration
    const schema = await readFile(schemaPath, 'utf8')
    // the Thread model's title line, whatever `prisma format` aligned it to
    const changed = schema.replace(/^( +title +String +@default\(""\)\n)/m, '$1  pinned Boolean @default(false)\n')
    expect(changed).not.toBe(schema)
    await writeFile(path.join(work, 'schema.prisma'), changed)
  })
  afterAll(async () => {
    await rm(work, { recursive: true, force: true })
  })

  it('passes on the real schema and migrations (pgvector DO block and HNSW index included)', async () => {
    expect(await diffMigrationsToSchema()).toEqual({ inSync: true, sql: '' })
  })

  it('fails through `db:check-drift` with the missing SQL when a model changes without a migration', async () => {
    const script = path.join(repoRoot, 'packages/db/scripts/diff.ts')
    const args = [script, '--check', '--schema', path.join(work, 'schema.prisma'), '--migrations', path.join(work, 'migrations')]
    const failure = await run('pnpm', ['exec', 'tsx', ...args], { cwd: repoRoot }).then(
      () => null,
      (error: unknown) => error as { code: number; stderr: string },
    )
    expect(failure?.code).toBe(1)
    expect(failure?.stderr).toContain('ALTER TABLE "threads" ADD COLUMN')
    expect(failure?.stderr).toContain('"pinned" BOOLEAN NOT NULL DEFAULT false')
  })

  it('creates the missing migration, after which the check passes', async () => {
    const sources = { schemaPath: path.join(work, 'schema.prisma'), migrationsDir: path.join(work, 'migrations') }
    const folder = await createMigration('Add pinned flag', sources, new Date('2030-01-02T03:04:05Z'))
    expect(path.basename(folder!)).toBe('20300102030405_add_pinned_flag')
    expect(await readFile(path.join(folder!, 'migration.sql'), 'utf8')).toContain('ADD COLUMN     "pinned"')
    expect(await diffMigrationsToSchema(sources)).toEqual({ inSync: true, sql: '' })
    expect(await createMigration('again', sources)).toBeNull()
  })

  it('names migration folders like Prisma', () => {
    expect(migrationFolderName('  Add: messages index! ', new Date('2026-12-02T11:37:10.123Z'))).toBe('20261202113710_add_messages_index')
    expect(() => migrationFolderName('!!!', new Date())).toThrow(/name/)
  })
})
