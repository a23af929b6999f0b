// "Save as fixture" (issue 14): a recorded call's failed attempt turned into a
// playground error fixture: the error as the provider sent it (status,
// headers, body) and the stored messages as they were when the call ran.
import { InvalidInputError, type LLMCallTrace, type StoredMessage } from '@threadline/engine'
import { TRPCError } from '@trpc/server'
import { z } from 'zod'
import { ruleFixturesInput, type RuleFixture } from './fixtures.ts'

export type ErrorFixture = Extract<RuleFixture, { kind: 'error' }>

/** A recorded fixture's JSON (error, messages, expectation) at most this big. */
export const MAX_FIXTURE_BYTES = 512 * 1024

export const fixtureExpectInput = z
  .strictObject({ matches: z.boolean(), fixes: z.boolean().optional() })
  // the real case must keep being recognised and repaired, unless told otherwise
  .default({ matches: true, fixes: true })

const errorFixtureSchema = ruleFixturesInput.element

/**
 * The messages the call's processors saw: the thread's messages from before
 * the call (not its own reply), each repaired one as it was BEFORE the repair
 * (the thread now holds the repaired version, which would not reproduce the
 * error). Without a thread (a failed call on a new thread), the repaired
 * messages alone.
 */
export function messagesAtCall(call: LLMCallTrace, threadMessages: readonly StoredMessage[] | null): unknown[] {
  const original = new Map<string, unknown>()
  for (const event of call.events) {
    if (event.type !== 'repair') continue
    const before = event.data.before as { id: string }[]
    for (const message of before) if (!original.has(message.id)) original.set(message.id, message)
  }
  if (threadMessages === null) return [...original.values()]
  return threadMessages
    .filter((message) => message.id !== call.responseMessageId && message.createdAt.getTime() <= call.startedAt.getTime())
    .map((message) => original.get(message.id) ?? message)
}

/** The error fixture of attempt `attempt` of a recorded call; typed errors for an attempt that cannot be one. */
export function fixtureFromCall(args: {
  call: LLMCallTrace
  attempt: number
  name: string
  expect: z.output<typeof fixtureExpectInput>
  threadMessages: readonly StoredMessage[] | null
}): ErrorFixture {
  const { call } = args
  const attempt = call.attempts.find((candidate) => candidate.attempt === args.attempt)
  if (attempt === undefined) throw new InvalidInputError('attempt', `the call has no attempt ${args.attempt}`)
  const error = attempt.error
  if (attempt.outcome !== 'error' || error === null)
    throw new InvalidInputError('attempt', `attempt ${args.attempt} succeeded: only a failed attempt is a fixture`)
  if (error.statusCode === undefined) {
    throw new InvalidInputError('attempt', `attempt ${args.attempt} failed without an HTTP response (${error.name}); only HTTP errors are saved as fixtures`)
  }
  const messages = messagesAtCall(call, args.threadMessages)
  if (messages.length === 0) throw new InvalidInputError('callId', 'the call recorded no messages (its thread is gone and nothing was repaired)')
  const candidate = {
    name: args.name,
    kind: 'error',
    model: `${call.provider}/${call.modelId}`,
    error: { kind: 'http', status: error.statusCode, headers: error.responseHeaders ?? {}, body: error.responseBody ?? '' },
    messages,
    expect: args.expect,
  }
  const bytes = Buffer.byteLength(JSON.stringify(candidate))
  if (bytes > MAX_FIXTURE_BYTES) {
    throw new TRPCError({ code: 'PAYLOAD_TOO_LARGE', message: `The fixture would take ${bytes} bytes; at most ${MAX_FIXTURE_BYTES} per fixture` })
  }
  const parsed = errorFixtureSchema.safeParse(candidate)
  if (!parsed.success)
    throw new InvalidInputError('callId', `the recorded attempt does not make a valid fixture: ${parsed.error.issues[0]?.message ?? 'invalid'}`)
  return parsed.data as ErrorFixture
}
