// A clone's message-id map travels from the database as ONE JSON value, not as
// one row per copied message: a 50,000-message clone answered row by row cost
// the server thread a second of row parsing, Prisma's result mapping and
// garbage collection after the statement (issue 17, B4); one text value is a
// single JSON.parse. The pairs come from the `source` CTE (copySourceSql),
// keyed in the copy's order (new ids ascend with it).
import { StorageError } from '@threadline/engine'
import { Prisma } from '../generated/prisma/client.ts'

/** The `source` CTE's (id -> new_id) pairs as a JSON object text (NULL when none), only when `when` holds. */
export function messageIdMapSql(when: Prisma.Sql = Prisma.sql`true`): Prisma.Sql {
  return Prisma.sql`(SELECT json_object_agg(s.id, s.new_id ORDER BY s.new_id) FROM source s WHERE ${when})::text`
}

/** The map selected by messageIdMapSql. json_object_agg of two text columns holds only string values. */
export function parseMessageIdMap(text: string | null): Record<string, string> {
  if (text === null) return {}
  const map: unknown = JSON.parse(text)
  if (typeof map !== 'object' || map === null || Array.isArray(map)) throw new StorageError('Malformed message-id map read back from the database')
  return map as Record<string, string>
}
