import superjson, { type SuperJSONResult } from 'superjson'
import { describe, expect, it } from 'vitest'
import { plainJson, wireTransformer } from './wire-transformer.ts'

describe('wireTransformer', () => {
  const createdAt = new Date('2026-12-04T10:00:00Z')

  it('puts a marked field into the answer as it is, and superjson still types the rest', () => {
    const messageIdMap = plainJson({ 'm-1': 'c-1', 'm-2': 'c-2' })
    const answer = { thread: { id: 't', createdAt }, messageIdMap, clonedMessages: [] }
    const wire = wireTransformer.serialize(answer)
    expect((wire.json as Record<string, unknown>).messageIdMap).toBe(messageIdMap)
    // the client side is plain superjson, over JSON text as on the wire
    const read = superjson.deserialize<typeof answer>(JSON.parse(JSON.stringify(wire)) as SuperJSONResult)
    expect(read).toEqual(answer)
    expect(read.thread.createdAt).toBeInstanceOf(Date)
  })

  it('answers without a marked field exactly as superjson does', () => {
    const answers: unknown[] = [{ thread: { id: 't', createdAt }, messageIdMap: { 'm-1': 'c-1' } }, [createdAt], 'text', null, 3]
    for (const answer of answers) expect(wireTransformer.serialize(answer)).toEqual(superjson.serialize(answer))
  })

  it('reads what superjson wrote', () => {
    const answer = { at: createdAt, ids: new Set(['a']) }
    expect(wireTransformer.deserialize(superjson.serialize(answer))).toEqual(answer)
  })

  it('reads a request`s input in place, without copying it first (a save`s 100 messages)', () => {
    const json = { messages: [{ id: 'm-1', content: { parts: [{ type: 'text', text: 'hi' }] } }] }
    expect(wireTransformer.deserialize({ json })).toBe(json)
  })
})
