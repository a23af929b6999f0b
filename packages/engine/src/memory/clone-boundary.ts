import type { MessageRole } from '../messages/types.ts'
import type { MessageStructure } from '../storage/types.ts'
import type { CloneBoundary } from './clone-options.ts'
import { plural } from '../text/plural.ts'

// Structure-aware edges for partial clones. In the stored format a tool call and
// its result normally live in ONE `tool-invocation` part (state 'result'), so
// they cannot be split. A split is possible when the call was stored in state
// 'call'/'partial-call' and its result arrived in a LATER message (a
// `tool-invocation` part or a legacy `content.toolInvocations` entry with the
// same toolCallId in state 'result'): that pair is a "tool link" below. The
// analysis reads the thread's structure (MessageStructure), never its content:
// a filtered preview of a 50k-message thread would otherwise read it all.

export type CloneWarningCode =
  | 'split-tool-pair'
  | 'starts-with-assistant'
  | 'empty-selection'
  | 'boundary-expanded'
  | 'boundary-trimmed'
  | 'working-memory-kept'
  | 'observational-memory-kept'

export type CloneWarning = { code: CloneWarningCode; message: string; messageId?: string }

type ToolLink = { toolCallId: string; toolName: string; callIndex: number; resultIndex: number }

/** Calls stored without their result, paired with the later message that holds the result. */
export function findToolLinks(messages: MessageStructure[]): ToolLink[] {
  const openCalls = new Map<string, { index: number; toolName: string }>()
  const links: ToolLink[] = []
  messages.forEach((message, index) => {
    for (const invocation of message.toolInvocations) {
      const open = openCalls.get(invocation.toolCallId)
      if (invocation.state !== 'result') {
        if (open === undefined) openCalls.set(invocation.toolCallId, { index, toolName: invocation.toolName })
      } else if (open !== undefined && open.index < index) {
        links.push({ toolCallId: invocation.toolCallId, toolName: open.toolName, callIndex: open.index, resultIndex: index })
        openCalls.delete(invocation.toolCallId)
      }
    }
  })
  return links
}

type Structure = { roles: MessageRole[]; links: ToolLink[] }

function firstSelected(selected: boolean[]): number {
  return selected.indexOf(true)
}

/** The first selected message is an assistant turn whose preceding messages were cut away. */
function startsOnCutAssistant(structure: Structure, selected: boolean[]): number | null {
  const first = firstSelected(selected)
  return first > 0 && structure.roles[first] === 'assistant' ? first : null
}

function setRange(selected: boolean[], from: number, to: number, value: boolean): boolean {
  let changed = false
  for (let index = from; index <= to; index++) {
    if (selected[index] !== value) {
      selected[index] = value
      changed = true
    }
  }
  return changed
}

/** One widening pass; true when something was added. */
function expandOnce(structure: Structure, selected: boolean[]): boolean {
  let changed = false
  for (const link of structure.links) {
    const hasCall = selected[link.callIndex]
    const hasResult = selected[link.resultIndex]
    if (hasCall && !hasResult) changed = setRange(selected, link.callIndex + 1, link.resultIndex, true) || changed
    if (hasResult && !hasCall) changed = setRange(selected, link.callIndex, link.resultIndex - 1, true) || changed
  }
  const start = startsOnCutAssistant(structure, selected)
  if (start !== null) {
    const userIndex = structure.roles.lastIndexOf('user', start - 1)
    if (userIndex >= 0) changed = setRange(selected, userIndex, start - 1, true) || changed
  }
  return changed
}

/** One narrowing pass; true when something was removed. */
function trimOnce(structure: Structure, selected: boolean[]): boolean {
  let changed = false
  for (const link of structure.links) {
    const hasCall = selected[link.callIndex]
    const hasResult = selected[link.resultIndex]
    if (hasCall && !hasResult) changed = setRange(selected, link.callIndex, link.callIndex, false) || changed
    if (hasResult && !hasCall) changed = setRange(selected, link.resultIndex, link.resultIndex, false) || changed
  }
  let start = startsOnCutAssistant(structure, selected)
  while (start !== null) {
    selected[start] = false
    changed = true
    start = startsOnCutAssistant(structure, selected)
  }
  return changed
}

function warningsFor(messages: MessageStructure[], structure: Structure, selected: boolean[]): CloneWarning[] {
  const warnings: CloneWarning[] = []
  if (firstSelected(selected) < 0) {
    warnings.push({ code: 'empty-selection', message: 'No message matches the selection: the clone will be empty.' })
    return warnings
  }
  const start = startsOnCutAssistant(structure, selected)
  const startMessage = start === null ? undefined : messages[start]
  if (startMessage !== undefined) {
    warnings.push({
      code: 'starts-with-assistant',
      message: 'The selection starts on an assistant turn whose user message is not cloned.',
      messageId: startMessage.id,
    })
  }
  for (const link of structure.links) {
    const hasCall = selected[link.callIndex]
    const hasResult = selected[link.resultIndex]
    if (hasCall === hasResult) continue
    const kept = messages[hasCall ? link.callIndex : link.resultIndex]
    if (kept === undefined) continue
    warnings.push({
      code: 'split-tool-pair',
      message: hasCall
        ? `The cut splits tool call "${link.toolCallId}" (${link.toolName}) from its result: the result is not cloned.`
        : `The cut splits tool call "${link.toolCallId}" (${link.toolName}) from its result: the call is not cloned.`,
      messageId: kept.id,
    })
  }
  return warnings
}

/**
 * Applies the boundary mode to a selection of `messages` (the whole source
 * thread's structure in (createdAt, id) order: listMessageStructure) and describes the result: the ids to clone,
 * in order, and warnings about what the final selection still cuts.
 */
export function applyCloneBoundary(
  messages: MessageStructure[],
  selectedIds: ReadonlySet<string>,
  boundary: CloneBoundary,
): { ids: string[]; warnings: CloneWarning[] } {
  const structure: Structure = { roles: messages.map((message) => message.role), links: findToolLinks(messages) }
  const selected = messages.map((message) => selectedIds.has(message.id))
  const before = selected.filter(Boolean).length
  if (boundary !== 'exact') {
    const pass = boundary === 'expand' ? expandOnce : trimOnce
    // Each pass only adds (or only removes), so this reaches a fixed point.
    while (pass(structure, selected));
  }
  const ids = messages.filter((_message, index) => selected[index]).map((message) => message.id)
  const warnings = warningsFor(messages, structure, selected)
  const difference = Math.abs(ids.length - before)
  if (difference > 0) {
    warnings.push(
      boundary === 'expand'
        ? { code: 'boundary-expanded', message: `boundary 'expand' added ${plural(difference, 'message')} to the selection.` }
        : { code: 'boundary-trimmed', message: `boundary 'trim' removed ${plural(difference, 'message')} from the selection.` },
    )
  }
  return { ids, warnings }
}
