import { benchPostgresServer, openPostgresBenchDatabase } from './lib/databases.ts'
import { seedThread } from './lib/seed.ts'
const server = await benchPostgresServer()
const db = await openPostgresBenchDatabase(server.adminUrl, server.label)
try {
  for (let i = 0; i < 100; i++) await seedThread(db, { threadId: `t${i}`, resourceId: 'bench-api', count: 50, seed: i + 1 })
  await db.prisma.$executeRawUnsafe('VACUUM ANALYZE')
  for (let i = 0; i < 5; i++) { const s = performance.now(); const r = await db.storage.listThreads({ resourceId: 'bench-api', limit: 20, offset: 0 }); console.log('listThreads', (performance.now() - s).toFixed(1), 'ms', r.threads.length, r.total) }
} finally { await db.close(); await server.stop() }
