// `pnpm fixture:long-thread --messages 100000 [--thread-id ID] [--resource-id ID]`:
// a thread of N generated messages in the database of DATABASE_URL (default:
// the embedded folder), migrated first. A test and bench fixture, not demo data.
import { parseArgs } from 'node:util'
import { z } from 'zod'
import { createLongThread } from '../src/fixtures/long-thread.ts'
import { openDatabase } from '../src/index.ts'

const argsSchema = z.object({
  messages: z.coerce.number().int().min(1).max(10_000_000),
  'thread-id': z.string().min(1).optional(),
  'resource-id': z.string().min(1).default('long-threads'),
})

const { values } = parseArgs({
  options: { messages: { type: 'string', default: '100000' }, 'thread-id': { type: 'string' }, 'resource-id': { type: 'string' } },
})
const args = argsSchema.parse(values)
const threadId = args['thread-id'] ?? `long-thread-${args.messages}`

const database = await openDatabase(process.env.DATABASE_URL || undefined, { migrate: true })
try {
  const started = performance.now()
  await createLongThread(database, { threadId, resourceId: args['resource-id'], messages: args.messages })
  console.log(`Created ${threadId} (${database.kind}): ${args.messages} messages in ${((performance.now() - started) / 1000).toFixed(1)} s.`)
} finally {
  await database.close()
}
