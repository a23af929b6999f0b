import { benchPostgresServer, openPgliteBenchDatabase, openPostgresBenchDatabase } from './lib/databases.ts'
import { seedThread } from './lib/seed.ts'
import { summarize } from './lib/measure.ts'
import { Memory } from '../packages/engine/src/index.ts'
import { requireFrom } from './lib/workspace-require.ts'
const pg = requireFrom('packages/db')('pg')
const p50 = async (label: string, fn: () => Promise<unknown>) => { for (let i = 0; i < 20; i++) await fn(); const ms: number[] = []; for (let i = 0; i < 200; i++) { const s = performance.now(); await fn(); ms.push(performance.now() - s) } const r = summarize(ms); console.log(label.padEnd(50), r.p50.toFixed(2), r.p95.toFixed(2)) }
const server = await benchPostgresServer()
const sql = `SELECT * FROM (SELECT id, thread_id AS "threadId", resource_id AS "resourceId", role, content, created_at AS "createdAt" FROM messages WHERE thread_id = $1 ORDER BY created_at DESC, id DESC LIMIT 50) newest ORDER BY "createdAt", id`
for (const kind of ['pglite', 'postgres']) {
  const db = kind === 'pglite' ? await openPgliteBenchDatabase() : await openPostgresBenchDatabase(server.adminUrl, server.label)
  await seedThread(db, { threadId: 't', count: 5000 })
  await db.prisma.$executeRawUnsafe('VACUUM ANALYZE')
  const memory = new Memory({ storage: db.storage, options: { lastMessages: 50 } })
  console.log(`--- ${kind}`)
  await p50('prisma SELECT 1', () => db.prisma.$queryRawUnsafe('SELECT 1'))
  await p50('storage.getThreadById', () => db.storage.getThreadById('t'))
  await p50('prisma raw last 50', () => db.prisma.$queryRawUnsafe(sql, 't'))
  await p50('storage.listMessages last 50', () => db.storage.listMessages({ threadId: 't', last: 50 }))
  await p50('memory.recall last 50', () => memory.recall({ threadId: 't' }))
  if (kind === 'postgres') {
    const client = new pg.Client({ connectionString: (db as any).url ?? '' })
  }
  await db.close()
}
// raw pg driver on the server
{
  const db = await openPostgresBenchDatabase(server.adminUrl, server.label)
  await seedThread(db, { threadId: 't', count: 5000 })
  const url = new URL(server.adminUrl); const name = (await db.prisma.$queryRawUnsafe<any[]>('SELECT current_database() AS d'))[0].d; url.pathname = '/' + name
  const client = new pg.Client({ connectionString: url.toString() }); await client.connect()
  await p50('pg driver SELECT 1', () => client.query('SELECT 1'))
  await p50('pg driver last 50', () => client.query(sql, ['t']))
  await client.end(); await db.close()
}
await server.stop()
