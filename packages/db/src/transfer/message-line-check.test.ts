// The check without zod accepts only lines zod (with parseInput's bounds)
// accepts, and leaves every doubtful line to zod.
import { parseInput } from '@threadline/engine'
import { describe, expect, it } from 'vitest'
import { bodyLine } from './export-format.ts'
import { checkedMessageThreadId } from './message-line-check.ts'

const good = {
  type: 'message',
  threadId: 't1',
  id: 'm1',
  role: 'user',
  messageType: 'text',
  content: { format: 2, parts: [{ type: 'text', text: 'héllo 😀 wörld' }] },
  createdAt: '2026-01-01T00:00:01.5+02:00',
  version: 1,
}
const line = (changes: Record<string, unknown>) => JSON.stringify({ ...good, ...changes })
const nested = (depth: number): unknown => (depth === 0 ? 1 : [nested(depth - 1)])

const zodAccepts = (text: string) => {
  try {
    parseInput(bodyLine, JSON.parse(text), { root: ['lines', 2] })
    return true
  } catch {
    return false
  }
}

describe('checkedMessageThreadId', () => {
  it('accepts a plain message line (extra fields too, as zod strips them) and gives its thread id', () => {
    for (const text of [
      JSON.stringify(good),
      line({ extra: true }),
      line({ content: null }),
      line({ content: nested(40) }),
      line({ createdAt: '2026-02-28T23:59:59Z' }),
    ]) {
      expect(checkedMessageThreadId(text), text.slice(0, 80)).toBe('t1')
      expect(zodAccepts(text)).toBe(true)
    }
  })

  const doubtful = {
    'another type': line({ type: 'branch' }),
    'not an object': '[1]',
    'not JSON': '{"type":"message",',
    'empty id': line({ id: '' }),
    'id too long': line({ id: 'x'.repeat(301) }),
    'role too long': line({ role: 'r'.repeat(51) }),
    'no message type': line({ messageType: undefined }),
    'no content': line({ content: undefined }),
    'bad date': line({ createdAt: '2026-02-30T00:00:00Z' }),
    'date without offset': line({ createdAt: '2026-01-01T00:00:00' }),
    'version 0': line({ version: 0 }),
    'version 1.5': line({ version: 1.5 }),
    'version as text': line({ version: '1' }),
    'escaped NUL': line({ content: 'a\u0000b' }),
    'unpaired surrogate': line({ content: 'a\ud800b' }),
    'a number JSON makes Infinity': JSON.stringify(good).replace('"format":2', '"format":1e400'),
    'nested 70 deep': line({ content: nested(70) }),
    'an escape sequence (zod decides)': line({ content: 'tab\u0001' }),
  }
  it.each(Object.entries(doubtful))('leaves to zod: %s', (_, text) => {
    expect(checkedMessageThreadId(text)).toBeUndefined()
  })

  it('every doubtful line zod refuses is one the check left to it (never accepted by the check alone)', () => {
    const refusedByZod = Object.values(doubtful).filter((text) => !zodAccepts(text))
    expect(refusedByZod.length).toBeGreaterThan(12)
    for (const text of refusedByZod) expect(checkedMessageThreadId(text)).toBeUndefined()
  })
})
