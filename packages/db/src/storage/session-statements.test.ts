// Prepared statements on PGlite's one session (issue 32): values reach EXECUTE
// as literals, so every character of a string must arrive as it was; a
// session that lost its statements (a reconnect) gets them prepared again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Prisma } from '../generated/prisma/client.ts'
import { openTestDatabase, type TestDatabase } from '../testing/test-database.ts'
import { createSessionStatements, sqlLiteral } from './session-statements.ts'

describe('session statements (PGlite)', () => {
  let db: TestDatabase
  beforeAll(async () => {
    db = await openTestDatabase('pglite')
  })
  afterAll(() => db.close())

  it('passes strings with quotes, backslashes and dollar tags, nulls and numbers through unchanged', async () => {
    const statements = createSessionStatements()
    const texts = ["it's", 'back\\slash \\n', '$v$ inside', 'ends in $v', '$$', "'); DROP TABLE messages; --", 'naïve ✓']
    for (const text of texts) {
      const [row] = await statements.query<{ text: string; n: number; missing: string | null }>(
        db.prisma,
        Prisma.sql`SELECT ${text}::text AS text, ${41}::int + 1 AS n, ${null}::text AS missing`,
      )
      expect(row).toEqual({ text, n: 42, missing: null })
    }
    expect(await db.prisma.$queryRaw`SELECT count(*)::int AS n FROM messages`).toEqual([{ n: 0 }])
    expect(() => sqlLiteral(Number.NaN)).toThrow(TypeError)
    expect(() => sqlLiteral({})).toThrow(TypeError)
  })

  it('prepares a statement once, and again after the session lost it', async () => {
    const statements = createSessionStatements()
    const sql = Prisma.sql`SELECT ${'x'}::text AS value`
    await statements.query(db.prisma, sql)
    const count = async () => (await db.prisma.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM pg_prepared_statements`)[0]?.n
    const prepared = await count()
    await statements.query(db.prisma, sql)
    expect(await count()).toBe(prepared)
    await db.prisma.$executeRawUnsafe('DEALLOCATE ALL')
    expect(await statements.query(db.prisma, sql)).toEqual([{ value: 'x' }])
  })
})
