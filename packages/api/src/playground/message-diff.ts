// What a reactive fix changed in the stored messages, for the playground: the
// messages that differ and every tool-call id it rewrote.
import { isDeepStrictEqual } from 'node:util'
import { toolInvocationsOf, type StoredMessage } from '@threadline/engine'

type ToolCallIdChange = { messageId: string; from: string; to: string }

export type MessagesDiff = {
  changedMessageIds: string[]
  removedMessageIds: string[]
  addedMessageIds: string[]
  toolCallIdChanges: ToolCallIdChange[]
}

export function diffMessages(before: readonly StoredMessage[], after: readonly StoredMessage[]): MessagesDiff {
  const afterById = new Map(after.map((message) => [message.id, message]))
  const beforeIds = new Set(before.map((message) => message.id))
  const changedMessageIds: string[] = []
  const toolCallIdChanges: ToolCallIdChange[] = []
  for (const message of before) {
    const repaired = afterById.get(message.id)
    if (repaired === undefined || isDeepStrictEqual(message, repaired)) continue
    changedMessageIds.push(message.id)
    const was = toolInvocationsOf(message)
    const now = toolInvocationsOf(repaired)
    // invocations keep their positions when only ids are rewritten
    if (was.length !== now.length) continue
    was.forEach((invocation, index) => {
      const to = now[index]?.toolCallId
      if (to !== undefined && invocation.toolCallId !== to) toolCallIdChanges.push({ messageId: message.id, from: invocation.toolCallId, to })
    })
  }
  return {
    changedMessageIds,
    removedMessageIds: before.filter((message) => !afterById.has(message.id)).map((message) => message.id),
    addedMessageIds: after.filter((message) => !beforeIds.has(message.id)).map((message) => message.id),
    toolCallIdChanges,
  }
}
