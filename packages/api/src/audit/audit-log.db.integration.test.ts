// The audit store on both databases: entries recorded at the same time are
// written in one INSERT (group commit), each stored whole, ids in call order.
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '@threadline/db/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, type AuditEntry } from './audit-log.ts'

for (const kind of testDatabaseKinds) {
  describe(`the audit store [${kind}]`, () => {
    const inserts: string[] = []
    let db: TestDatabase | undefined

    beforeAll(async () => {
      db = await openTestDatabase(kind, { onQuery: (sql) => sql.includes('INSERT INTO audit_events') && inserts.push(sql) })
    }, 120_000)
    afterAll(async () => {
      await db?.close()
    })

    it('writes entries recorded together as one group after the first, each whole, in call order', async () => {
      const audit = auditLog(db!.prisma, db!.storage)
      const entry = (index: number): AuditEntry => ({
        actor: { kind: 'token', id: 'token-1', name: index === 0 ? `${'n'.repeat(199)}😀 cut inside the pair` : 'backend' },
        action: 'thread.clone',
        clientAddress: '203.0.113.9',
        forwardedFor: index === 0 ? '192.0.2.1, 203.0.113.9' : null,
        resourceId: 'acme',
        threadId: `clone-${index}`,
        targetId: 'source',
        details: { messages: index, note: index === 4 ? null : 'x' },
      })
      await Promise.all([0, 1, 2, 3, 4].map((index) => audit.record(entry(index))))
      const { events } = await audit.list({ actorId: 'token-1', limit: 10 })
      expect(events.map((event) => event.threadId)).toEqual(['clone-4', 'clone-3', 'clone-2', 'clone-1', 'clone-0'])
      expect(events.at(-1)).toMatchObject({
        actor: { kind: 'token', id: 'token-1', name: 'n'.repeat(199) },
        action: 'thread.clone',
        resourceId: 'acme',
        targetId: 'source',
        clientAddress: '203.0.113.9',
        forwardedFor: '192.0.2.1, 203.0.113.9',
        details: { messages: 0, note: 'x' },
      })
      expect(events[0]?.details).toEqual({ messages: 4, note: null })
      // PostgreSQL: every statement is observed (memory:// PGlite runs in-process, unobserved)
      if (kind === 'postgres') expect(inserts).toHaveLength(2)
    })
  })
}
