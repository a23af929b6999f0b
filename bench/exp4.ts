import { openPgliteBenchDatabase } from './lib/databases.ts'
import { seedThread, seedVectors } from './lib/seed.ts'
const db = await openPgliteBenchDatabase()
const t = async (label: string, fn: () => Promise<unknown>) => { const s = performance.now(); await fn(); const ms = performance.now() - s; console.log(label, ms.toFixed(0), 'ms'); return ms }
const copy = async (target: string) => {
  await db.storage.createThread({ id: target, resourceId: 'bench-resource' })
  await db.prisma.$executeRawUnsafe(`INSERT INTO messages (id, thread_id, resource_id, role, type, content, created_at) SELECT $1 || id, $1, resource_id, role, type, content, created_at FROM messages WHERE thread_id = 'src'`, target)
  await t(`  vectors copy ${target}`, () => db.prisma.$executeRawUnsafe(`INSERT INTO message_embeddings (message_id, model, thread_id, resource_id, dimensions, embedding, created_at) SELECT $1 || message_id, model, $1, resource_id, dimensions, embedding, created_at FROM message_embeddings WHERE thread_id = 'src'`, target))
  await db.storage.deleteThread(target)
}
try {
  const src = await seedThread(db, { threadId: 'src', count: 1000 })
  await seedVectors(db, src, { bulk: true })
  const [{ indexdef }] = await db.prisma.$queryRawUnsafe<any[]>(`SELECT indexdef FROM pg_indexes WHERE indexname = 'message_embeddings_embedding_384_hnsw_idx'`)
  console.log('default HNSW (m 16, ef_construction 64)'); for (let i = 0; i < 3; i++) await copy(`a${i}`)
  await db.prisma.$executeRawUnsafe(`DROP INDEX message_embeddings_embedding_384_hnsw_idx`)
  console.log('no HNSW'); for (let i = 0; i < 3; i++) await copy(`b${i}`)
  await db.prisma.$executeRawUnsafe(indexdef.replace('vector_cosine_ops)', 'vector_cosine_ops) WITH (m = 8, ef_construction = 32)'))
  console.log('HNSW m 8, ef_construction 32'); for (let i = 0; i < 3; i++) await copy(`c${i}`)
  await db.prisma.$executeRawUnsafe(`DROP INDEX message_embeddings_embedding_384_hnsw_idx`)
  await db.prisma.$executeRawUnsafe(indexdef.replace('vector_cosine_ops)', 'vector_cosine_ops) WITH (m = 16, ef_construction = 32)'))
  console.log('HNSW m 16, ef_construction 32'); for (let i = 0; i < 3; i++) await copy(`d${i}`)
} finally { await db.close() }
