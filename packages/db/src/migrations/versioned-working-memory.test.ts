// The versioned-working-memory migration moves the old rows (thread_working_memory,
// resources.working_memory) into working_memory_versions without loss: applied to a
// database that holds old-form rows, every text comes back through the storage.
import { describe, expect, it } from 'vitest'
import { migrateDatabase, openDatabase } from '../open-database.ts'
import { emptyTestDatabase, testDatabaseKinds } from '../testing/index.ts'
import { historyBefore, migrationNamed } from './history-before.ts'

for (const kind of testDatabaseKinds) {
  describe(`versioned working memory migration [${kind}]`, () => {
    it('moves thread and resource working memory into versions, dated by their updated_at, nothing lost', { timeout: 60_000 }, async () => {
      const target = await emptyTestDatabase(kind)
      const before = await historyBefore('versioned_working_memory')
      try {
        await migrateDatabase(target.url, { migrationsDir: before.dir })
        const old = await openDatabase(target.url, { migrate: false })
        try {
          for (const statement of [
            `INSERT INTO threads (id, resource_id) VALUES ('mig-t1', 'mig-r1'), ('mig-t2', 'mig-r1'), ('mig-t3', 'mig-r2')`,
            `INSERT INTO thread_working_memory (thread_id, resource_id, text, updated_at) VALUES
              ('mig-t1', 'mig-r1', E'# Notes\\n- likes tea', '2026-01-02T03:04:05.678Z'),
              ('mig-t2', 'mig-other', '', '2026-01-03T00:00:00Z')`,
            `INSERT INTO resources (id, working_memory, updated_at) VALUES
              ('mig-r1', '{"name":"Ada"}', '2026-01-04T00:00:00Z'),
              ('mig-r2', NULL, '2026-01-05T00:00:00Z')`,
          ]) {
            await old.prisma.$executeRawUnsafe(statement)
          }
        } finally {
          await old.close()
        }

        expect(await migrateDatabase(target.url)).toContain(await migrationNamed('versioned_working_memory'))
        const db = await openDatabase(target.url, { migrate: false })
        try {
          const { storage } = db
          expect(await storage.getWorkingMemory({ scope: 'thread', threadId: 'mig-t1' })).toBe('# Notes\n- likes tea')
          expect(await storage.getWorkingMemory({ scope: 'thread', threadId: 'mig-t2' })).toBe('')
          expect(await storage.getWorkingMemory({ scope: 'thread', threadId: 'mig-t3' })).toBeNull()
          expect(await storage.getWorkingMemory({ scope: 'resource', resourceId: 'mig-r1' })).toBe('{"name":"Ada"}')
          expect(await storage.getWorkingMemory({ scope: 'resource', resourceId: 'mig-r2' })).toBeNull()
          expect(await storage.listWorkingMemoryVersions({ scope: 'thread', threadId: 'mig-t1' })).toEqual([
            { id: expect.any(String) as string, text: '# Notes\n- likes tea', createdAt: new Date('2026-01-02T03:04:05.678Z') },
          ])
          const rows = await db.prisma.workingMemoryVersion.findMany({ orderBy: { createdAt: 'asc' } })
          expect(rows.map((row) => [row.lookupKey, row.scope, row.resourceId, row.threadId])).toEqual([
            ['thread:mig-t1', 'thread', 'mig-r1', 'mig-t1'],
            // the row's own resource is kept, even where it differs from the thread's
            ['thread:mig-t2', 'thread', 'mig-other', 'mig-t2'],
            ['resource:mig-r1', 'resource', 'mig-r1', null],
          ])
          // the resource rows stay; a later update appends a version
          expect(await db.prisma.resource.count()).toBe(2)
          await storage.setWorkingMemory({ scope: 'thread', threadId: 'mig-t1' }, 'updated')
          expect(await storage.getWorkingMemory({ scope: 'thread', threadId: 'mig-t1' })).toBe('updated')
          expect(await storage.getWorkingMemoryAsOf({ scope: 'thread', threadId: 'mig-t1' }, new Date('2026-06-01'))).toBe('# Notes\n- likes tea')
        } finally {
          await db.close()
        }
      } finally {
        await before.dispose()
        await target.dispose()
      }
    })
  })
}
