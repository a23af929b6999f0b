import { describe, expect, it } from 'vitest'
import { limitRequestBody } from './body-limit.ts'

const url = 'http://127.0.0.1/api/trpc/threads.create'

/** A chunked body of `chunks` 64 KB pieces that records how many were pulled. */
function countingStream(chunks: number): { stream: ReadableStream<Uint8Array>; pulled: () => number } {
  let pulled = 0
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled === chunks) {
        controller.close()
        return
      }
      pulled += 1
      controller.enqueue(new Uint8Array(64 * 1024))
    },
  })
  return { stream, pulled: () => pulled }
}

describe('limitRequestBody', () => {
  it('refuses a declared Content-Length over the limit with 413 without reading the body', async () => {
    const body = countingStream(1600)
    const request = new Request(url, {
      method: 'POST',
      headers: { 'content-length': String(100 * 1024 * 1024) },
      body: body.stream,
      duplex: 'half',
    } as RequestInit)
    const answer = await limitRequestBody(request, 1024 * 1024)
    expect(answer).toBeInstanceOf(Response)
    expect((answer as Response).status).toBe(413)
    expect(body.pulled()).toBeLessThanOrEqual(1)
  })

  it('stops reading a chunked body at the limit (17 of 1,600 chunks of a 100 MB body)', async () => {
    const body = countingStream(1600)
    const request = new Request(url, { method: 'POST', body: body.stream, duplex: 'half' } as RequestInit)
    const answer = await limitRequestBody(request, 1024 * 1024)
    expect((answer as Response).status).toBe(413)
    expect(await (answer as Response).text()).toMatch(/more than 1048576 bytes/)
    expect(body.pulled()).toBeLessThanOrEqual(18)
  })

  it('passes a body within the limit through unchanged', async () => {
    const request = new Request(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"json":{"a":1}}' })
    const passed = (await limitRequestBody(request, 1024)) as Request
    expect(passed).toBeInstanceOf(Request)
    expect(await passed.text()).toBe('{"json":{"a":1}}')
    expect(passed.headers.get('content-type')).toBe('application/json')
  })

  it('passes a body that declares a length within the limit as it is, unread (the HTTP parser ends it there)', async () => {
    const body = countingStream(4)
    const request = new Request(url, {
      method: 'POST',
      headers: { 'content-length': String(4 * 64 * 1024) },
      body: body.stream,
      duplex: 'half',
    } as RequestInit)
    expect(await limitRequestBody(request, 1024 * 1024)).toBe(request)
    expect(body.pulled()).toBeLessThanOrEqual(1)
  })
})
