import { storedToolInvocations } from '../../../messages/tool-invocations.ts'
import type { StoredMessage } from '../../../messages/types.ts'
import type { CompatRule } from '../types.ts'

export const MISTRAL_TOOL_CALL_ID_FORMAT = 'mistral-tool-call-id-format'

/** Mistral's 400 for any other id: `Tool call id was call_0fypS1hVX but must be a-z, A-Z, 0-9, with a length of 9.` */
export const MISTRAL_TOOL_CALL_ID_ERROR_PATTERNS: RegExp[] = [/Tool call id was .* but must be a-z, A-Z, 0-9, with a length of 9/]

const MISTRAL_TOOL_CALL_ID = /^[a-zA-Z0-9]{9}$/
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
const ID_SPACE = 62n ** 9n

/** Nine base-62 digits of a 64-bit FNV-1a hash of `text`: the same text always gives the same id. */
function nineCharacterHash(text: string): string {
  let hash = 0xcbf29ce484222325n
  for (let index = 0; index < text.length; index++) {
    hash = BigInt.asUintN(64, (hash ^ BigInt(text.charCodeAt(index))) * 0x100000001b3n)
  }
  let rest = hash % ID_SPACE
  let id = ''
  for (let digit = 0; digit < 9; digit++) {
    id = (BASE62[Number(rest % 62n)] ?? '0') + id
    rest /= 62n
  }
  return id
}

/**
 * The new id of each tool-call id Mistral would refuse: a hash of the old id,
 * so the same history always gets the same ids and one old id maps to one new
 * id everywhere (call and result stay paired). An id already taken (a valid
 * id, an earlier rewrite) is hashed again with a counter, so none collide.
 */
export function planMistralToolCallIds(messages: readonly StoredMessage[]): Map<string, string> {
  const invocations = storedToolInvocations(messages)
  const taken = new Set(invocations.map(({ toolCallId }) => toolCallId).filter((id) => MISTRAL_TOOL_CALL_ID.test(id)))
  const rewrites = new Map<string, string>()
  for (const { toolCallId } of invocations) {
    if (MISTRAL_TOOL_CALL_ID.test(toolCallId) || rewrites.has(toolCallId)) continue
    let candidate = nineCharacterHash(toolCallId)
    for (let attempt = 2; taken.has(candidate); attempt++) candidate = nineCharacterHash(`${toolCallId}#${attempt}`)
    taken.add(candidate)
    rewrites.set(toolCallId, candidate)
  }
  return rewrites
}

/** Rewrites, in place, every tool-call id Mistral would refuse (parts and legacy lists). Returns true when something changed. */
export function rewriteMistralToolCallIds(messages: StoredMessage[]): boolean {
  const rewrites = planMistralToolCallIds(messages)
  if (rewrites.size === 0) return false
  for (const invocation of storedToolInvocations(messages)) {
    const next = rewrites.get(invocation.toolCallId)
    if (next !== undefined) invocation.toolCallId = next
  }
  return true
}

/**
 * Reactive: after Mistral refused a tool-call id (every OpenAI, Anthropic or
 * Gemini id), the ids become nine letters and digits and the repaired history
 * is stored, so later turns on Mistral send valid ids from the start (the ids
 * are valid for every other provider too).
 */
export const mistralToolCallIdFormat: CompatRule = {
  name: MISTRAL_TOOL_CALL_ID_FORMAT,
  errorPatterns: MISTRAL_TOOL_CALL_ID_ERROR_PATTERNS,
  fix: rewriteMistralToolCallIds,
}
