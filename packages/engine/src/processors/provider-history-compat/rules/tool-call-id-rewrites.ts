import { storedToolInvocations } from '../../../messages/tool-invocations.ts'
import type { StoredMessage } from '../../../messages/types.ts'

/** How a provider's tool-call id rule is met: which ids it accepts, and the n-th candidate for one it refuses (n = 1, 2, ...). */
export type ToolCallIdFormat = { isValid(id: string): boolean; candidate(id: string, attempt: number): string }

/**
 * The new id of each tool-call id `format` refuses: its first candidate not
 * already taken (by a valid id or an earlier rewrite). Decided by first
 * appearance, so the same history always gets the same ids, and one old id
 * maps to one new id everywhere (call and result stay paired).
 */
export function planIdRewrites(messages: readonly StoredMessage[], format: ToolCallIdFormat): Map<string, string> {
  const invocations = storedToolInvocations(messages)
  const taken = new Set(invocations.map(({ toolCallId }) => toolCallId).filter((id) => format.isValid(id)))
  const rewrites = new Map<string, string>()
  for (const { toolCallId } of invocations) {
    if (format.isValid(toolCallId) || rewrites.has(toolCallId)) continue
    let attempt = 1
    let candidate = format.candidate(toolCallId, attempt)
    while (taken.has(candidate)) candidate = format.candidate(toolCallId, ++attempt)
    taken.add(candidate)
    rewrites.set(toolCallId, candidate)
  }
  return rewrites
}

/**
 * Rewrites, in place, every tool-call id `format` refuses, in `tool-invocation`
 * parts and legacy `toolInvocations`. The whole plan is made before anything
 * is written. Returns true when something changed.
 */
export function rewriteIds(messages: StoredMessage[], format: ToolCallIdFormat): boolean {
  const rewrites = planIdRewrites(messages, format)
  if (rewrites.size === 0) return false
  for (const invocation of storedToolInvocations(messages)) {
    const next = rewrites.get(invocation.toolCallId)
    if (next !== undefined) invocation.toolCallId = next
  }
  return true
}
