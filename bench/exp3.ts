import { benchPostgresServer, openPostgresBenchDatabase } from './lib/databases.ts'
import { seedThread } from './lib/seed.ts'
import { Memory } from '../packages/engine/src/index.ts'
const server = await benchPostgresServer()
const db = await openPostgresBenchDatabase(server.adminUrl, server.label)
const t = async (label: string, fn: () => Promise<unknown>) => { const s = performance.now(); await fn(); console.log(label, (performance.now() - s).toFixed(0), 'ms') }
try {
  await seedThread(db, { threadId: 'src', count: 100_000 })
  await db.prisma.$executeRawUnsafe('VACUUM ANALYZE messages')
  const memory = new Memory({ storage: db.storage, vector: db.vector })
  for (let i = 0; i < 2; i++) {
    await db.storage.createThread({ id: `f${i}`, resourceId: 'bench-resource' })
    await t('floor', () => db.prisma.$executeRawUnsafe(`INSERT INTO messages (id, thread_id, resource_id, role, type, content, created_at) SELECT gen_random_uuid()::text, $1, resource_id, role, type, content, created_at FROM messages WHERE thread_id = 'src'`, `f${i}`))
    await db.storage.deleteThread(`f${i}`); await db.prisma.$executeRawUnsafe('VACUUM messages')
    await t('pairs only (select id,id 100k rows via prisma)', () => db.prisma.$queryRawUnsafe(`SELECT id AS "oldId", id || 'x' AS "newId" FROM messages WHERE thread_id = 'src' ORDER BY created_at, id`))
    await db.storage.createThread({ id: `c${i}`, resourceId: 'bench-resource' })
    await t('storage.copyThreadMessages', () => db.storage.copyThreadMessages({ sourceThreadId: 'src', targetThreadId: `c${i}`, targetResourceId: 'bench-resource' }))
    await db.storage.deleteThread(`c${i}`); await db.prisma.$executeRawUnsafe('VACUUM messages')
    await t('memory.cloneThread returnMessages false', () => memory.cloneThread({ sourceThreadId: 'src', newThreadId: `m${i}` }, { returnMessages: false }))
    await db.storage.deleteThread(`m${i}`); await db.prisma.$executeRawUnsafe('VACUUM messages')
    await t('memory.cloneThread returnMessages true', () => memory.cloneThread({ sourceThreadId: 'src', newThreadId: `r${i}` }))
    await t('listMessages 100k', () => db.storage.listMessages({ threadId: `r${i}` }))
    await db.storage.deleteThread(`r${i}`); await db.prisma.$executeRawUnsafe('VACUUM messages')
  }
} finally {
  await db.close(); await server.stop()
}
