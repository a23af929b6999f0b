// zod's default issue messages ("Too small: expected number to be >=0") in
// the words a caller acts on ("must be at least 0"). A message a schema set
// itself ("must not be empty") is kept as it is.
import type { z } from 'zod'

type ZodIssue = z.core.$ZodIssue

/** zod's own messages start like this; a schema's custom message does not. */
const ZOD_DEFAULT_MESSAGE = /^(Invalid input|Invalid option|Too small|Too big|Unrecognized key|Invalid string|Invalid element|Invalid key)/

const ARTICLE_TYPES = new Set(['array', 'object', 'integer', 'undefined'])

function typeName(expected: string): string {
  return `${ARTICLE_TYPES.has(expected) ? 'an' : 'a'} ${expected}`
}

function sizeUnit(origin: string, bound: number | bigint): string {
  if (origin === 'string') return bound === 1 ? ' character' : ' characters'
  if (origin === 'array' || origin === 'set') return bound === 1 ? ' item' : ' items'
  return ''
}

function boundMessage(issue: Extract<ZodIssue, { code: 'too_small' | 'too_big' }>): string {
  const small = issue.code === 'too_small'
  const bound = small ? issue.minimum : issue.maximum
  const unit = sizeUnit(issue.origin, bound)
  if (small && bound === 1 && (issue.origin === 'string' || issue.origin === 'array')) return 'must not be empty'
  if (issue.inclusive === false) return `must be ${small ? 'more' : 'less'} than ${bound}${unit}`
  const verb = issue.origin === 'string' || issue.origin === 'array' || issue.origin === 'set' ? 'have' : 'be'
  return `must ${verb} at ${small ? 'least' : 'most'} ${bound}${unit}`
}

/** The issue's message, zod's defaults rephrased as "must ..." (unrecognized keys are split per key by the caller). */
export function issueMessage(issue: ZodIssue): string {
  if (!ZOD_DEFAULT_MESSAGE.test(issue.message)) return issue.message
  switch (issue.code) {
    case 'invalid_type':
      return issue.message.endsWith('received undefined') ? 'is required' : `must be ${typeName(issue.expected)}`
    case 'too_small':
    case 'too_big':
      return boundMessage(issue)
    case 'invalid_value':
      return issue.values.length === 1
        ? `must be ${JSON.stringify(issue.values[0])}`
        : `must be one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}`
    case 'unrecognized_keys':
      return 'is not a known field'
    case 'invalid_format':
      return `must be a valid ${issue.format}`
    default:
      return 'is invalid'
  }
}
