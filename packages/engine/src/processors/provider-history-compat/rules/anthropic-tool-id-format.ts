import type { StoredMessage } from '../../../messages/types.ts'
import type { CompatRule } from '../types.ts'
import { planIdRewrites, rewriteIds, type ToolCallIdFormat } from './tool-call-id-rewrites.ts'

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

/** Invalid characters become `_`; a name already used gets `_2`, `_3`, ... */
const ANTHROPIC_ID_FORMAT: ToolCallIdFormat = {
  isValid: (id) => VALID_TOOL_CALL_ID.test(id),
  candidate(id, attempt) {
    const base = id.replace(INVALID_TOOL_CALL_ID_CHARS, '_') || EMPTY_ID_BASE
    return attempt === 1 ? base : `${base}_${attempt}`
  },
}

/**
 * The new ID of each invalid tool-call ID: invalid characters become `_`; a
 * name already used (by a valid ID or an earlier rewrite) gets `_2`, `_3`, ...
 * Decided by first appearance, so the same history always gets the same IDs,
 * and one old ID maps to one new ID everywhere (call and result stay paired).
 */
export function planToolCallIdRewrites(messages: readonly StoredMessage[]): Map<string, string> {
  return planIdRewrites(messages, ANTHROPIC_ID_FORMAT)
}

/**
 * Rewrites, in place, every tool-call ID Anthropic would reject, in
 * `tool-invocation` parts and legacy `toolInvocations`. The whole plan is made
 * before anything is written. Returns true when something changed.
 */
export function sanitizeToolCallIds(messages: StoredMessage[]): boolean {
  return rewriteIds(messages, ANTHROPIC_ID_FORMAT)
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
