import { toolInvocationsOf, type StoredMessage, type ToolInvocation } from '@threadline/engine'

// A tool call is normally stored with its result in one part (state 'result').
// A long-running tool can store the call (state 'call') in one message and the
// result in a later one: the timeline shows such a pair as ONE card, at the
// call, and leaves a link to it where the result was stored.

export type SplitToolPair = {
  toolCallId: string
  callMessageId: string
  resultMessageId: string
  result: ToolInvocation
}

export type ToolLinks = {
  /** by toolCallId: the later result of a call stored without one */
  resultOfCall: Map<string, SplitToolPair>
  /** by toolCallId: the earlier call of a result stored on its own */
  callOfResult: Map<string, SplitToolPair>
}

/** Pairs each call stored without its result with the first later message that holds the result. */
export function linkToolCalls(messages: readonly StoredMessage[]): ToolLinks {
  const open = new Map<string, string>()
  const resultOfCall = new Map<string, SplitToolPair>()
  const callOfResult = new Map<string, SplitToolPair>()
  for (const message of messages) {
    for (const invocation of toolInvocationsOf(message)) {
      const callMessageId = open.get(invocation.toolCallId)
      if (invocation.state !== 'result') {
        if (callMessageId === undefined) open.set(invocation.toolCallId, message.id)
      } else if (callMessageId !== undefined && callMessageId !== message.id) {
        const pair = { toolCallId: invocation.toolCallId, callMessageId, resultMessageId: message.id, result: invocation }
        resultOfCall.set(invocation.toolCallId, pair)
        callOfResult.set(invocation.toolCallId, pair)
        open.delete(invocation.toolCallId)
      }
    }
  }
  return { resultOfCall, callOfResult }
}
