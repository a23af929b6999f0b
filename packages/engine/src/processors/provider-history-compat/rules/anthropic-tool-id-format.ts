import { storedToolInvocations } from '../../../messages/tool-invocations.ts'
import type { StoredMessage } from '../../../messages/types.ts'
import type { CompatRule } from '../types.ts'

export const ANTHROPIC_TOOL_ID_FORMAT = 'anthropic-tool-id-format'

const VALID_TOOL_CALL_ID = /^[a-zA-Z0-9_-]+$/
const INVALID_TOOL_CALL_ID_CHARS = /[^a-zA-Z0-9_-]/g
/** Base for an ID with no valid character at all (e.g. ''), which Anthropic rejects too. */
const EMPTY_ID_BASE = 'toolcall'

/**
 * Anthropic's 400 for an ID from another provider (e.g. `functions.get_weather:0`):
 * `messages.1.content.1.tool_use.id: String should match pattern '^[a-zA-Z0-9_-]+$'`,
 * and the same complaint about a tool_result's `tool_use_id`.
 */
export const ANTHROPIC_TOOL_ID_ERROR_PATTERNS: RegExp[] = [
  /tool_use\.id: String should match pattern '\^\[a-zA-Z0-9_-\]\+\$'/,
  /tool_use_id: String should match pattern '\^\[a-zA-Z0-9_-\]\+\$'/,
]

/**
 * The new ID of each invalid tool-call ID: invalid characters become `_`; a
 * name already used (by a valid ID or an earlier rewrite) gets `_2`, `_3`, ...
 * Decided by first appearance, so the same history always gets the same IDs,
 * and one old ID maps to one new ID everywhere (call and result stay paired).
 */
export function planToolCallIdRewrites(messages: readonly StoredMessage[]): Map<string, string> {
  const invocations = storedToolInvocations(messages)
  const taken = new Set<string>()
  for (const { toolCallId } of invocations) {
    if (VALID_TOOL_CALL_ID.test(toolCallId)) taken.add(toolCallId)
  }
  const rewrites = new Map<string, string>()
  for (const { toolCallId } of invocations) {
    if (VALID_TOOL_CALL_ID.test(toolCallId) || rewrites.has(toolCallId)) continue
    const base = toolCallId.replace(INVALID_TOOL_CALL_ID_CHARS, '_') || EMPTY_ID_BASE
    let candidate = base
    for (let suffix = 2; taken.has(candidate); suffix++) candidate = `${base}_${suffix}`
    taken.add(candidate)
    rewrites.set(toolCallId, candidate)
  }
  return rewrites
}

/**
 * Rewrites, in place, every tool-call ID Anthropic would reject, in
 * `tool-invocation` parts and legacy `toolInvocations`. The whole plan is made
 * before anything is written. Returns true when something changed.
 */
export function sanitizeToolCallIds(messages: StoredMessage[]): boolean {
  const rewrites = planToolCallIdRewrites(messages)
  if (rewrites.size === 0) return false
  for (const invocation of storedToolInvocations(messages)) {
    const next = rewrites.get(invocation.toolCallId)
    if (next !== undefined) invocation.toolCallId = next
  }
  return true
}

/**
 * Reactive: runs only after Anthropic rejected a tool-call ID (the error itself
 * says the target is Anthropic, so no model check), and the repaired history is
 * stored, so later turns send valid IDs from the start.
 */
export const anthropicToolIdFormat: CompatRule = {
  name: ANTHROPIC_TOOL_ID_FORMAT,
  errorPatterns: ANTHROPIC_TOOL_ID_ERROR_PATTERNS,
  fix: sanitizeToolCallIds,
}
