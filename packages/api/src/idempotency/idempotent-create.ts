// The Idempotency-Key of a create (threads, clones, branches, turns): the
// middleware of createProcedure (trpc.ts). The key comes as the input field
// `idempotencyKey` or the Idempotency-Key header (REST and tRPC) and is taken
// out of the input before the procedure's own schema reads it. Same key and
// same body (procedure + sha-256 of the canonical input) -> the first answer
// again, nothing created twice; another body -> CONFLICT on idempotencyKey;
// the first request still running -> CONFLICT "in progress" with Retry-After
// (the caller retries; nothing waits on the server). A failed create stores
// nothing: its key is free again. A streamed turn's answer is its events,
// kept once the stream ended and replayed as a stream.
import { createHash } from 'node:crypto'
import { TRPCError } from '@trpc/server'
import { middlewareMarker, type MiddlewareResult } from '@trpc/server/unstable-core-do-not-import'
import { InvalidInputError } from '@threadline/engine'
import { z } from 'zod'
import { callerKey, type Caller } from '../auth/caller.ts'
import type { Services } from '../services.ts'
import { wireTransformer } from '../wire-transformer.ts'

export const IDEMPOTENCY_KEY_FIELD = 'idempotencyKey'

/** The field as a create's input declares it (for the callers' types; the middleware has taken the value out by then). */
export const idempotencyKeyInput = z.object({
  /** a create with the same key and body within 24 h answers as the first did, and creates nothing */
  idempotencyKey: z.string().min(1).max(255).optional(),
})

const REUSED = 'was used for another request in the last 24 h (another procedure or body); use a new key'
const IN_PROGRESS = 'the first request with this key is still in progress; retry shortly for its answer'

const keySchema = z.string().min(1, 'must not be empty').max(255, 'must be at most 255 characters')

/** JSON with object keys sorted at every level: the same body always hashes the same. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, field: unknown) =>
    typeof field === 'object' && field !== null && !Array.isArray(field)
      ? Object.fromEntries(Object.entries(field).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : field,
  )
}

export function requestHashOf(procedure: string, body: unknown): string {
  return createHash('sha256').update(procedure).update('\n').update(canonicalJson(body)).digest('hex')
}

type CreateMiddlewareOptions = {
  ctx: { services: Services; caller: Caller; headers: Headers; resHeaders: Headers }
  path: string
  getRawInput: () => Promise<unknown>
  next: (options?: { getRawInput: () => Promise<unknown> }) => Promise<MiddlewareResult<object>>
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value
}

type StoredAnswer = { kind: 'value'; value: unknown } | { kind: 'events'; events: unknown[] }

/** The stored events as a stream again (an async iterable, as the turn's own answer is). */
function replayEvents(events: unknown[]): AsyncIterable<unknown> {
  return {
    [Symbol.asyncIterator]: () => {
      const iterator = events[Symbol.iterator]()
      return { next: () => Promise.resolve(iterator.next()) }
    },
  }
}

/** The stream as it runs, kept whole once it ended normally (then `onEnd(events)`), released otherwise. */
async function* recordingEvents(source: AsyncIterable<unknown>, onEnd: (events: unknown[]) => Promise<void>, onFail: () => Promise<void>): AsyncGenerator {
  const events: unknown[] = []
  let ended = false
  try {
    for await (const event of source) {
      events.push(event)
      yield event
    }
    ended = true
    await onEnd(events)
  } finally {
    if (!ended) await onFail()
  }
}

export async function idempotentCreate(options: CreateMiddlewareOptions): Promise<MiddlewareResult<object>> {
  const { ctx, path } = options
  const raw = await options.getRawInput()
  if (typeof raw !== 'object' || raw === null) return options.next()
  const { [IDEMPOTENCY_KEY_FIELD]: field, ...body } = raw as Record<string, unknown>
  // the Idempotency-Key header counts for a tRPC call too (the client sends a keyed write alone, never in a batch)
  const given = field ?? ctx.headers.get('idempotency-key') ?? undefined
  if (given === undefined) return options.next()
  const parsed = keySchema.safeParse(given)
  if (!parsed.success) throw new InvalidInputError(IDEMPOTENCY_KEY_FIELD, parsed.error.issues[0]?.message ?? 'is invalid')
  const claim = { callerKey: callerKey(ctx.caller), key: parsed.data }
  const store = ctx.services.idempotency
  const found = await store.claim({ ...claim, procedure: path, requestHash: requestHashOf(path, body) })
  if (found.kind === 'mismatch') {
    throw new TRPCError({
      code: 'CONFLICT',
      message: `${IDEMPOTENCY_KEY_FIELD}: ${REUSED}`,
      cause: new InvalidInputError(IDEMPOTENCY_KEY_FIELD, REUSED),
    })
  }
  if (found.kind === 'running') {
    ctx.resHeaders.set('retry-after', '1')
    throw new TRPCError({
      code: 'CONFLICT',
      message: `${IDEMPOTENCY_KEY_FIELD}: ${IN_PROGRESS}`,
      cause: new InvalidInputError(IDEMPOTENCY_KEY_FIELD, IN_PROGRESS),
    })
  }
  if (found.kind === 'completed') {
    const answer = wireTransformer.deserialize<StoredAnswer>(found.response as Parameters<typeof wireTransformer.deserialize>[0])
    ctx.resHeaders.set('idempotent-replayed', 'true')
    const data = answer.kind === 'events' ? replayEvents(answer.events) : answer.value
    return { ok: true, data, marker: middlewareMarker }
  }
  const release = () => store.release(claim)
  let result: MiddlewareResult<object>
  try {
    result = await options.next({ getRawInput: () => Promise.resolve(body) })
  } catch (error) {
    await release()
    throw error
  }
  if (!result.ok) {
    await release()
    return result
  }
  const keep = (answer: StoredAnswer) => store.complete({ ...claim, response: wireTransformer.serialize(answer) })
  if (isAsyncIterable(result.data)) {
    return { ...result, data: recordingEvents(result.data, (events) => keep({ kind: 'events', events }), release) }
  }
  await keep({ kind: 'value', value: result.data })
  return result
}
