// The importer's check of a message line without zod, for the lines that
// are most of a file: zod's parse of a line allocates ~14 KB and part of it
// outlives young collections (an import promoted ~6.6 MiB per 32,000 lines
// with zod, ~0.1 MiB without), so the import's peak memory grew with the
// file. Only a sufficient check: a line it accepts is one `messageLine` (with
// parseInput's safe-text and size bounds) accepts; any other line goes to
// zod, which accepts it or names what is wrong.
import { DEFAULT_INPUT_BOUNDS, unsafeTextReason } from '@threadline/engine'
import { ID_MAX_LENGTH, ISO_DATE_PATTERN, ROLE_MAX_LENGTH } from './export-format.ts'

const OPEN_BRACE = 0x7b
const OPEN_BRACKET = 0x5b
/** a number JSON.parse may make Infinity of, which zod's z.json() refuses (over-cautious: such text in a string also goes to zod) */
const HUGE_NUMBER = /\d[eE]\+?\d{3}|\d{309}/

const textOf = (value: unknown, maxLength: number): value is string => typeof value === 'string' && value.length >= 1 && value.length <= maxLength

/**
 * The text's JSON can break none of parseInput's rules: no escape sequence
 * (so no escaped NUL or surrogate), no raw NUL or unpaired surrogate, fewer
 * characters than values allowed, fewer brackets than nesting levels allowed
 * (with the line's own level to spare); and no number too big to be finite.
 */
function plainText(text: string): boolean {
  if (text.length > DEFAULT_INPUT_BOUNDS.maxNodes || text.includes('\\u') || HUGE_NUMBER.test(text) || unsafeTextReason(text) !== undefined) return false
  let brackets = 0
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    if (code === OPEN_BRACE || code === OPEN_BRACKET) brackets++
  }
  return brackets < DEFAULT_INPUT_BOUNDS.maxDepth - 1
}

/** The message line's thread id when the line surely passes `messageLine`; undefined for zod to decide (another type, or anything doubtful). */
export function checkedMessageThreadId(text: string): string | undefined {
  if (!plainText(text)) return undefined
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return undefined
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined
  const line = value as Record<string, unknown>
  const valid =
    line.type === 'message' &&
    textOf(line.threadId, ID_MAX_LENGTH) &&
    textOf(line.id, ID_MAX_LENGTH) &&
    textOf(line.role, ROLE_MAX_LENGTH) &&
    textOf(line.messageType, ROLE_MAX_LENGTH) &&
    Object.hasOwn(line, 'content') &&
    typeof line.createdAt === 'string' &&
    ISO_DATE_PATTERN.test(line.createdAt) &&
    Number.isInteger(line.version) &&
    (line.version as number) >= 1
  return valid ? (line.threadId as string) : undefined
}
