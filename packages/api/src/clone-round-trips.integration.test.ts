// Issue 17 item 8: the database round trips of a clone request. The first
// request of a token on an instance looks the token up, then leases its rate
// limit (issue 30: one statement that re-checks the token, records its use and
// takes a tenth of the burst, 10 requests by default), then clones; the
// requests served from the lease are the clone alone. The audit entry (issue 17
// item 6) is inserted by the clone's own statement (a CTE of it, since issue
// 33), so both commit together and a failed clone leaves none. Counted on
// PostgreSQL, where every statement is a round trip to the server (memory://
// PGlite runs in-process).
import { openTestDatabase } from '@threadline/db/testing'
import { textMessage } from '@threadline/engine/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startApiHarness, type ApiHarness } from './testing/api-harness.ts'

describe('the database round trips of a clone request [postgres]', () => {
  const statements: string[] = []
  let counting = false
  let api: ApiHarness | undefined

  beforeAll(async () => {
    const db = await openTestDatabase('postgres', {
      onQuery: (sql) => {
        if (counting) statements.push(sql)
      },
    })
    api = await startApiHarness({}, db)
  }, 120_000)
  afterAll(async () => {
    await api?.close()
  })

  /** the statements sent while `request` runs */
  async function countStatements(request: () => Promise<unknown>): Promise<string[]> {
    statements.length = 0
    counting = true
    try {
      await request()
    } finally {
      counting = false
    }
    return [...statements]
  }

  it('is the clone with its audit entry; the first request of a token also looks it up and leases its rate limit', async () => {
    const harness = api!
    const thread = { threadId: 'rt-source', resourceId: 'rt-user' }
    await harness.db.storage.createThread({ id: thread.threadId, resourceId: thread.resourceId, title: 'fifty' })
    const at = Date.UTC(2026, 0, 1)
    await harness.db.storage.insertMessages(
      Array.from({ length: 50 }, (_, i) => textMessage({ id: `rt-m${i}`, ...thread, at: at + i * 1000, role: i % 2 ? 'assistant' : 'user' })),
    )
    const { client } = await harness.issueToken({ resourceIds: ['rt-user', 'rt-clones'], canWrite: true })
    const clone = () => client.clone.create.mutate({ sourceThreadId: thread.threadId, resourceId: 'rt-clones' })

    const first = await countStatements(clone)
    expect(first.map(kindOf)).toEqual(['token lookup', 'rate limit', 'clone with its audit entry'])

    let result: Awaited<ReturnType<typeof clone>> | undefined
    const next = await countStatements(async () => (result = await clone()))
    expect(next.map(kindOf)).toEqual(['clone with its audit entry'])
    expect(result?.clonedMessages).toHaveLength(50)
    expect(result?.thread).toMatchObject({ resourceId: 'rt-clones', title: 'Clone of fifty', sourceThreadId: thread.threadId })
  })
})

function kindOf(sql: string): string {
  if (sql.includes('rate_limit_buckets')) return 'rate limit'
  if (sql.includes('api_tokens')) return 'token lookup'
  if (sql.includes('INSERT INTO threads') && sql.includes('INSERT INTO messages')) return sql.includes('audit_events') ? 'clone with its audit entry' : 'clone'
  if (sql.includes('audit_events')) return 'audit'
  return sql.slice(0, 80)
}
