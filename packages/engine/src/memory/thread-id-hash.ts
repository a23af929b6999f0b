import { createHash } from 'node:crypto'

/**
 * The obscured form of a thread id used in resource-scoped observations
 * (`<thread id="...">` when thread ids must not appear in prompt text): the
 * first 16 hex digits of its SHA-256. Defined once: writers of observations and
 * cloneThread's tag rewriting must agree on it.
 */
export function hashThreadId(threadId: string): string {
  return createHash('sha256').update(threadId, 'utf8').digest('hex').slice(0, 16)
}
