// A workbench turn's events as an async iterable, for app backends: one call
// (no `await` before the loop), typed events, abortable with an AbortSignal.
// Leaving the loop early (break, return, a throw) closes the request as an
// abort does: the server aborts the provider call and saves nothing of the turn.
import type { CompareEvent, TurnEvent } from '../workbench/turn-events.ts'
import type { ThreadlineClient, ThreadlineInputs } from './index.ts'
import { abortReason } from './retry-after.ts'

export type { CompareEvent, TurnEvent } from '../workbench/turn-events.ts'

/** The workbench's streaming procedures: the next turn, edit a user message, regenerate a reply, compare 2-4 models. */
export type TurnKind = 'turn' | 'edit' | 'regenerate' | 'compare'

/** What a kind of turn streams: a compare's events carry their `column`. */
export type TurnEventOf<Kind extends TurnKind> = Kind extends 'compare' ? CompareEvent : TurnEvent

export type StreamTurnOptions = {
  /** aborting it ends the stream with the signal's reason (an AbortError by default) and closes the request */
  signal?: AbortSignal
}

/**
 * Streams a workbench turn: `for await (const event of streamTurn(threadline, 'turn', input, { signal }))`.
 * A refused or failed turn throws the TRPCClientError of the server's answer (`threadlineErrorCode`,
 * `threadlineErrorData`), before the first event or after some.
 */
export async function* streamTurn<Kind extends TurnKind>(
  client: ThreadlineClient,
  kind: Kind,
  input: ThreadlineInputs['workbench'][Kind],
  options: StreamTurnOptions = {},
): AsyncGenerator<TurnEventOf<Kind>, void, undefined> {
  const { signal } = options
  if (signal?.aborted) throw abortReason(signal)
  const request = new AbortController()
  const onAbort = () => request.abort(signal?.reason)
  signal?.addEventListener('abort', onAbort, { once: true })
  try {
    // each of the four takes its own input: the caller's `kind` and `input` agree by the signature
    const { workbench } = client
    const procedure = { turn: workbench.turn, edit: workbench.edit, regenerate: workbench.regenerate, compare: workbench.compare }[kind] as unknown as {
      mutate(input: unknown, options: { signal: AbortSignal }): Promise<AsyncIterable<TurnEventOf<Kind>>>
    }
    const events = await procedure.mutate(input, { signal: request.signal })
    for await (const event of events) yield event
  } catch (error) {
    // tRPC reports an aborted stream in its own words: the caller gets the reason it aborted with
    if (signal?.aborted) throw abortReason(signal)
    throw error
  } finally {
    signal?.removeEventListener('abort', onAbort)
    // the stream ended, or the caller left the loop: close the request either way
    request.abort()
  }
}
