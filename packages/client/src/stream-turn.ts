// A workbench turn's events as an async iterable, for app backends:
// `for await (const event of streamTurn(threadline, 'turn', input, { signal }))`.
import type { CallOptions, ThreadlineClient } from './client-types.ts'
import type { ThreadlineInputs, ThreadlineOutputs } from './generated/api-types.ts'

/** The workbench's streaming procedures: the next turn, edit a user message, regenerate a reply, compare 2-4 models. */
export type TurnKind = 'turn' | 'edit' | 'regenerate' | 'compare'
export type TurnEvent = ThreadlineOutputs['workbench']['turn']
/** A compare's events carry their `column`. */
export type CompareEvent = ThreadlineOutputs['workbench']['compare']
export type TurnEventOf<Kind extends TurnKind> = ThreadlineOutputs['workbench'][Kind]
export type StreamTurnOptions = CallOptions

/** Streams a workbench turn; a refused or failed turn throws a ThreadlineError, before the first event or after some. */
export function streamTurn<Kind extends TurnKind>(
  client: ThreadlineClient,
  kind: Kind,
  input: ThreadlineInputs['workbench'][Kind],
  options: StreamTurnOptions = {},
): AsyncIterable<TurnEventOf<Kind>> {
  // each of the four takes its own input: the caller's `kind` and `input` agree by the signature
  const procedure = client.workbench[kind] as unknown as { stream(input: unknown, options: CallOptions): AsyncIterable<TurnEventOf<Kind>> }
  return procedure.stream(input, options)
}
