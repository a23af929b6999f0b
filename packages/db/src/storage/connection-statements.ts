// Statements each PostgreSQL connection prepares once and then runs by name:
// parsing, analysing and planning full-text recall's statement (a recursive
// CTE of the thread's history, the tsquery CTEs, the walk, the JSON
// aggregates) costs about as much as running it on a 1,000-message thread
// (issue 32). Opt-in per statement, by a marker comment that the adapter's
// statement name generator looks for (open-database.ts): naming every raw
// statement would keep one prepared statement per distinct text (IN lists of
// any length) on every connection of the pool. PGlite has its own way, one
// session for everything: session-statements.ts.
import { Prisma } from '../generated/prisma/client.ts'
import { statementName } from './session-statements.ts'

const marker = '/* prepared per connection */'

/** `sql`, marked to be prepared on each connection that runs it. Its text must not vary with the values (they stay parameters). */
export function preparedPerConnection(sql: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`${Prisma.raw(marker)} ${sql}`
}

/** The statement name for the adapter (PrismaPg's statementNameGenerator): a marked statement's, '' (unnamed) for any other. */
export function connectionStatementName(query: { sql: string }): string {
  return query.sql.startsWith(marker) ? statementName(query.sql) : ''
}
