// The thread-message-counts migration fills the new counters from the rows
// already there (own messages; what each branch reads through its ancestors)
// and installs the triggers that keep message_count from then on.
import { describe, expect, it } from 'vitest'
import { migrateDatabase, openDatabase } from '../open-database.ts'
import { emptyTestDatabase, testDatabaseKinds } from '../testing/index.ts'
import { historyBefore, migrationNamed } from './history-before.ts'

const message = (id: string, threadId: string, second: number) =>
  `('${id}', '${threadId}', 'cnt-r', 'user', '{"format":2,"parts":[{"type":"text","text":"${id}"}]}', '2026-01-01T00:00:${String(second).padStart(2, '0')}Z')`

for (const kind of testDatabaseKinds) {
  describe(`thread message counts migration [${kind}]`, () => {
    it('counts the existing rows of roots, branches and branches of branches', { timeout: 60_000 }, async () => {
      const target = await emptyTestDatabase(kind)
      const before = await historyBefore('thread_message_counts')
      try {
        await migrateDatabase(target.url, { migrationsDir: before.dir })
        const old = await openDatabase(target.url, { migrate: false })
        try {
          // r: r1..r5; b branches r at r3 with b1, b2; g branches b at r2 (inherited); h branches b at b1 (b's own)
          for (const statement of [
            `INSERT INTO threads (id, resource_id) VALUES ('r', 'cnt-r')`,
            `INSERT INTO messages (id, thread_id, resource_id, role, content, created_at) VALUES ${[1, 2, 3, 4, 5].map((i) => message(`r${i}`, 'r', i)).join(', ')}`,
            `INSERT INTO threads (id, resource_id, branch_parent_id, branch_point_message_id, branch_point_thread_id, branch_point_created_at)
               VALUES ('b', 'cnt-r', 'r', 'r3', 'r', '2026-01-01T00:00:03Z')`,
            `INSERT INTO messages (id, thread_id, resource_id, role, content, created_at) VALUES ${message('b1', 'b', 10)}, ${message('b2', 'b', 11)}`,
            `INSERT INTO threads (id, resource_id, branch_parent_id, branch_point_message_id, branch_point_thread_id, branch_point_created_at)
               VALUES ('g', 'cnt-r', 'b', 'r2', 'r', '2026-01-01T00:00:02Z'), ('h', 'cnt-r', 'b', 'b1', 'b', '2026-01-01T00:00:10Z')`,
          ]) {
            await old.prisma.$executeRawUnsafe(statement)
          }
        } finally {
          await old.close()
        }

        expect(await migrateDatabase(target.url)).toContain(await migrationNamed('thread_message_counts'))
        const db = await openDatabase(target.url, { migrate: false })
        try {
          const counts = await db.prisma.thread.findMany({ select: { id: true, messageCount: true, inheritedMessageCount: true }, orderBy: { id: 'asc' } })
          expect(counts).toEqual([
            { id: 'b', messageCount: 2, inheritedMessageCount: 3 },
            { id: 'g', messageCount: 0, inheritedMessageCount: 2 },
            { id: 'h', messageCount: 0, inheritedMessageCount: 4 },
            { id: 'r', messageCount: 5, inheritedMessageCount: 0 },
          ])
          for (const id of ['r', 'b', 'g', 'h']) {
            expect(await db.storage.countMessages(id), id).toBe((await db.storage.listMessages({ threadId: id })).length)
          }
          // the triggers are in place
          await db.prisma.$executeRawUnsafe(`INSERT INTO messages (id, thread_id, resource_id, role, content, created_at) VALUES ${message('b3', 'b', 12)}`)
          expect(await db.storage.countMessages('b')).toBe(6)
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
