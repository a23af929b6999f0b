import type { StoredMessage } from '../../../messages/types.ts'
import type { CompatRule } from '../types.ts'
import { planIdRewrites, rewriteIds, type ToolCallIdFormat } from './tool-call-id-rewrites.ts'

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
 * A hash of the old id, so the same history always gets the same ids and one
 * old id maps to one new id everywhere (call and result stay paired); an id
 * already taken is hashed again with a counter, so none collide.
 */
const MISTRAL_ID_FORMAT: ToolCallIdFormat = {
  isValid: (id) => MISTRAL_TOOL_CALL_ID.test(id),
  candidate: (id, attempt) => nineCharacterHash(attempt === 1 ? id : `${id}#${attempt}`),
}

/** The new id of each tool-call id Mistral would refuse. */
export function planMistralToolCallIds(messages: readonly StoredMessage[]): Map<string, string> {
  return planIdRewrites(messages, MISTRAL_ID_FORMAT)
}

/** Rewrites, in place, every tool-call id Mistral would refuse (parts and legacy lists). Returns true when something changed. */
export function rewriteMistralToolCallIds(messages: StoredMessage[]): boolean {
  return rewriteIds(messages, MISTRAL_ID_FORMAT)
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
