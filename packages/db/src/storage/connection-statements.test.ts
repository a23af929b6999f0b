// Statements prepared per connection on PostgreSQL (issue 32): a marked
// statement is prepared once by name on the connection that runs it and rerun
// with other values; an unmarked one stays unnamed; full-text recall's
// statement is marked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Prisma } from '../generated/prisma/client.ts'
import { openTestDatabase, textMessage, type TestDatabase } from '../testing/index.ts'
import { preparedPerConnection } from './connection-statements.ts'

const preparedSql = Prisma.sql`SELECT statement FROM pg_prepared_statements ORDER BY statement`

describe('statements prepared per connection (PostgreSQL)', () => {
  let db: TestDatabase
  beforeAll(async () => {
    db = await openTestDatabase('postgres')
  })
  afterAll(() => db.close())

  it('prepares a marked statement once on its connection and reruns it with other values; an unmarked one is not kept', async () => {
    const marked = (value: string) => preparedPerConnection(Prisma.sql`SELECT ${value}::text AS value`)
    // one transaction: one connection, whose prepared statements are the ones listed
    const { values, prepared } = await db.prisma.$transaction(async (tx) => ({
      values: [
        await tx.$queryRaw<{ value: string }[]>(marked('first')),
        await tx.$queryRaw<{ value: string }[]>(marked("it's second")),
        await tx.$queryRaw<{ unmarked: number }[]>`SELECT ${1}::int AS unmarked`,
      ],
      prepared: await tx.$queryRaw<{ statement: string }[]>(preparedSql),
    }))
    expect(values).toEqual([[{ value: 'first' }], [{ value: "it's second" }], [{ unmarked: 1 }]])
    expect(prepared).toEqual([{ statement: marked('').text }])
  })

  it("keeps full-text recall's statement prepared on the connection", async () => {
    await db.storage.createThread({ id: 'cs-thread', resourceId: 'cs-resource' })
    await db.storage.insertMessages([
      textMessage({ id: 'cs-m1', threadId: 'cs-thread', resourceId: 'cs-resource', at: 1000, text: 'a refund for the blender' }),
    ])
    const search = (query: string) => db.storage.searchText({ query, topK: 10, threadId: 'cs-thread' })
    expect((await search('refund')).map((match) => match.messageId)).toEqual(['cs-m1'])
    expect(await search('invoice')).toEqual([])
    // one request at a time: the pool hands back the connection it was given last (pg-pool keeps idle clients as a stack)
    const prepared = await db.prisma.$queryRaw<{ statement: string }[]>(preparedSql)
    expect(prepared.filter((row) => row.statement.includes('websearch_to_tsquery'))).toHaveLength(1)
  })
})
