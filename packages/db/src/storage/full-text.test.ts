// The full-text arm's statement as a prepared statement's generic plan (how
// PGlite runs it: session-statements.ts) on both databases: the search string
// is parsed into a tsquery once per execution, not once per message walked
// (issue 32: inlined, websearch_to_tsquery ran 2-3 times per candidate and a
// text recall on a 10,000-message thread took ~430 ms on PGlite).
import { Prisma } from '../generated/prisma/client.ts'
import { expect, it } from 'vitest'
import { describeEachDatabase } from '../testing/index.ts'
import { textCandidatesSql } from './full-text.ts'

describeEachDatabase('full-text arm', (getDb) => {
  it.each([
    ['a thread', { threadId: 'ft-thread' }],
    ['a resource', { resourceId: 'ft-resource' }],
  ])('in %s, parses the search string once per execution of its generic plan, not per message', async (_scope, scope) => {
    const sql = textCandidatesSql({ query: 'refund for the broken blender', topK: 10, ...scope })
    const plan = await getDb().prisma.$transaction(async (tx) => {
      await tx.$executeRaw`SET LOCAL plan_cache_mode = force_generic_plan`
      await tx.$executeRawUnsafe(`PREPARE ft_generic AS ${sql.text}`)
      const types = sql.values.map(() => 'NULL').join(', ')
      const rows = await tx.$queryRaw<{ 'QUERY PLAN': string }[]>(Prisma.sql`EXPLAIN (VERBOSE) ${Prisma.raw(`EXECUTE ft_generic(${types})`)}`)
      await tx.$executeRawUnsafe('DEALLOCATE ft_generic')
      return rows.map((row) => row['QUERY PLAN'])
    })
    const perRow = plan.filter((line) => /Filter|Cond/.test(line) && line.includes('websearch_to_tsquery'))
    expect(perRow).toEqual([])
    expect(plan.some((line) => line.includes('websearch_to_tsquery'))).toBe(true)
  })
})
