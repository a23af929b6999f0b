// Statements prepared once on a database that is ONE session (PGlite), then
// run by name: PGlite (WebAssembly) spends ~4-5 ms of CPU planning full-text
// recall's query, as much as running it on a 1,000-message thread (issue 32).
// A prepared statement keeps its plan for the session (PostgreSQL's plan
// cache: custom plans for the first runs, then the generic one where it costs
// no more). Not for PostgreSQL: a pool's connections are separate sessions.
import { createHash } from 'node:crypto'
import type { Prisma } from '../generated/prisma/client.ts'
import type { Db } from './context.ts'

export type SessionStatements = {
  /** Runs `sql` as a statement prepared on the session (prepared on first use, named by its text). */
  query<T>(db: Db, sql: Prisma.Sql): Promise<T[]>
}

/** PostgreSQL's "prepared statement does not exist": the session was replaced (a reconnect). */
const UNKNOWN_STATEMENT = '26000'

/**
 * `value` as an SQL literal for EXECUTE's arguments (EXECUTE takes no bind
 * parameters). Strings are dollar-quoted with a tag they do not contain, so no
 * character of theirs (quote, backslash) can end the literal, whatever
 * standard_conforming_strings says.
 */
export function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'NULL'
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`not a finite number: ${value}`)
    return String(value)
  }
  if (typeof value === 'bigint') return String(value)
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE'
  if (typeof value === 'string') {
    let tag = 'v'
    while (value.includes(`$${tag}$`) || value.endsWith(`$${tag}`)) tag += 'v'
    return `$${tag}$${value}$${tag}$`
  }
  throw new TypeError(`no SQL literal for a ${typeof value}`)
}

/** A statement's name, from its text: the same text, the same name. */
export function statementName(text: string): string {
  return `tl_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`
}

function errorCode(error: unknown): string | undefined {
  const meta = (error as { meta?: { driverAdapterError?: { cause?: { originalCode?: string } } } }).meta
  return meta?.driverAdapterError?.cause?.originalCode
}

export function createSessionStatements(): SessionStatements {
  const prepared = new Map<string, Promise<unknown>>()
  const prepare = (db: Db, name: string, text: string): Promise<unknown> => {
    let preparing = prepared.get(name)
    if (preparing === undefined) {
      preparing = db.$executeRawUnsafe(`PREPARE ${name} AS ${text}`)
      prepared.set(name, preparing)
      preparing.catch(() => prepared.delete(name))
    }
    return preparing
  }
  return {
    async query<T>(db: Db, sql: Prisma.Sql): Promise<T[]> {
      const name = statementName(sql.text)
      const execute = `EXECUTE ${name}${sql.values.length > 0 ? `(${sql.values.map(sqlLiteral).join(', ')})` : ''}`
      await prepare(db, name, sql.text)
      try {
        return await db.$queryRawUnsafe<T[]>(execute)
      } catch (error) {
        if (errorCode(error) !== UNKNOWN_STATEMENT) throw error
        prepared.delete(name)
        await prepare(db, name, sql.text)
        return db.$queryRawUnsafe<T[]>(execute)
      }
    },
  }
}
