import { expect, it } from 'vitest'
import { callReplyOf, capCallBody, MAX_CALL_BODY_CHARS, truncationMarker } from './call-body.ts'

it('keeps a body under the cap whole, binary data as its size', () => {
  const body = {
    prompt: [{ role: 'user', content: [{ type: 'file', mediaType: 'image/png', data: new Uint8Array(2048) }] }],
    reply: { text: 'ok', toolCalls: [] },
    truncatedChars: 0,
  }
  expect(capCallBody(body)).toEqual({
    ...body,
    prompt: [{ role: 'user', content: [{ type: 'file', mediaType: 'image/png', data: '[2,048 bytes of binary data]' }] }],
  })
})

it('cuts the strings past the cap with a marker, keeping roles and part types', () => {
  const long = 'a'.repeat(MAX_CALL_BODY_CHARS - 100)
  const capped = capCallBody({
    prompt: [
      { role: 'user', content: [{ type: 'text', text: long }] },
      { role: 'assistant', content: [{ type: 'text', text: 'b'.repeat(300) }] },
    ],
    reply: null,
    truncatedChars: 0,
  })
  expect(capped.prompt[1]).toEqual({ role: 'assistant', content: [{ type: 'text', text: 'b'.repeat(100) + truncationMarker(200) }] })
  expect(capped.truncatedChars).toBe(200)
})

it('the reply is the text parts joined and the tool calls', () => {
  expect(
    callReplyOf([
      { type: 'text', text: 'Checking ' },
      { type: 'reasoning', text: 'hidden' },
      { type: 'text', text: 'now.' },
      { type: 'tool-call', toolCallId: 'c1', toolName: 'track', input: '{"id":1}' },
    ]),
  ).toEqual({ text: 'Checking now.', toolCalls: [{ toolCallId: 'c1', toolName: 'track', input: '{"id":1}' }] })
})
