// Deletes recorded LLM calls (with their attempts and events) started longer
// ago than --older-than, in one statement, from the database of DATABASE_URL.
//   pnpm calls:prune --older-than 30d
import { parseArgs } from 'node:util'
import { parseAge } from '../src/calls/parse-age.ts'
import { openDatabase } from '../src/index.ts'

const { values } = parseArgs({ options: { 'older-than': { type: 'string' } } })
const olderThan = values['older-than']
if (olderThan === undefined) {
  console.error('Usage: pnpm calls:prune --older-than 30d   (d: days, h: hours, m: minutes)')
  process.exit(2)
}
let age: number
try {
  age = parseAge(olderThan)
} catch (error) {
  console.error(`--older-than: ${(error as Error).message}`)
  process.exit(2)
}
const before = new Date(Date.now() - age)
const database = await openDatabase(process.env.DATABASE_URL || undefined, { migrate: true })
try {
  const deleted = await database.callLog.prune(before)
  console.log(`Deleted ${deleted} recorded LLM calls started before ${before.toISOString()} (${database.kind}).`)
} finally {
  await database.close()
}
