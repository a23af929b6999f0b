// The no-silent-drop check of a switch: what a stored history holds must reach
// the provider. Every text must be in a text the request carries (a provider's
// format may join an assistant's texts into one), and every tool call must be
// sent as a call of that tool answered by a result. Reasoning is not counted:
// leaving another provider's reasoning out is a documented rewrite.
import { toolInvocationsOf } from '../messages/tool-invocations.ts'
import type { StoredMessage } from '../messages/types.ts'
import type { WireHistory } from './dialects/shared.ts'
import type { FakeProviderServer, RecordedRequest } from './fake-provider-server.ts'
import { plural } from '../text/plural.ts'

/** What must reach the wire: the texts, and one entry per tool call (by tool name). */
export type ExpectedWireHistory = { texts: string[]; toolCalls: { name: string }[] }

export function expectedWireHistory(messages: readonly StoredMessage[]): ExpectedWireHistory {
  const texts: string[] = []
  const calls = new Map<string, { name: string }>()
  for (const message of messages) {
    for (const part of message.content.parts) if (part.type === 'text' && part.text !== '') texts.push(part.text)
    // a call and its result stored in two messages share the id: one call
    for (const invocation of toolInvocationsOf(message)) calls.set(invocation.toolCallId, { name: invocation.toolName })
  }
  return { texts, toolCalls: [...calls.values()] }
}

/** What a request lost of the expected history: the no-silent-drop check's findings. */
export type LostContent = {
  /** expected texts that no sent text holds */
  texts: string[]
  /** calls sent without their result */
  unansweredCalls: { id: string; name: string }[]
  /** per tool name, how many expected calls were not sent answered (dropped, or sent without a result) */
  missingCalls: { name: string; count: number }[]
}

/** What `wire` lost of `expected`; every list empty when everything arrived. */
export function lostContent(expected: ExpectedWireHistory, wire: WireHistory): LostContent {
  const texts = expected.texts.filter((text) => !wire.texts.some((sent) => sent.includes(text)))
  const results = new Set(wire.toolResultIds)
  const unansweredCalls = wire.toolCalls.filter((call) => !results.has(call.id))
  const answered = new Map<string, number>()
  for (const call of wire.toolCalls) if (results.has(call.id)) answered.set(call.name, (answered.get(call.name) ?? 0) + 1)
  const wanted = new Map<string, number>()
  for (const call of expected.toolCalls) wanted.set(call.name, (wanted.get(call.name) ?? 0) + 1)
  const missingCalls = [...wanted].flatMap(([name, count]) => {
    const missing = count - (answered.get(name) ?? 0)
    return missing > 0 ? [{ name, count: missing }] : []
  })
  return { texts, unansweredCalls, missingCalls }
}

/** What the request lost, one line each; [] when everything arrived. */
export function silentDrops(expected: ExpectedWireHistory, wire: WireHistory): string[] {
  const lost = lostContent(expected, wire)
  return [
    ...lost.texts.map((text) => `text dropped: ${JSON.stringify(text)}`),
    ...lost.unansweredCalls.map((call) => `call ${call.id} (${call.name}) sent without its result`),
    ...lost.missingCalls.map(({ name, count }) => `${plural(count, 'call')} of ${name} dropped (or sent without a result)`),
  ]
}

/** What a recorded request lost of `expected`, one line each; one line naming `label` when the request is missing or its format unknown. */
export function requestDrops(
  server: Pick<FakeProviderServer, 'readHistory'>,
  request: RecordedRequest | undefined,
  expected: ExpectedWireHistory,
  label: string,
): string[] {
  const wire = request && server.readHistory(request)
  return wire ? silentDrops(expected, wire) : [`${label} could not be read`]
}
