// The request body limit (THREADLINE_MAX_BODY_BYTES, default 4 MB): a body
// that declares a larger Content-Length is refused with 413 before a byte is
// read; a body without one (chunked) is read through a counter that stops at
// the limit, so an oversized body is never buffered whole. A body that declares
// a length within the limit passes as it is: Node's HTTP parser ends the body
// at the declared length (and refuses a request that declares a length AND
// chunked encoding), so it cannot grow past it; copying it into a new Request
// cost every API call a second body read and Request construction.

import { bodyTooLarge, limitsOf } from './batch-limits.ts'

/** 4 MB: a save of 1,000 messages of 1 KB of text fits (batch-limits.ts) */
export const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024

/** The 413 answer (tRPC's endpoint sends it as it is; REST makes it a problem): the limits and the body's size. */
export function payloadTooLarge(maxBytes: number, declaredBytes?: number): Response {
  const { message, limit, size } = bodyTooLarge(limitsOf(maxBytes), declaredBytes)
  return Response.json({ error: { message, code: 'PAYLOAD_TOO_LARGE', limit, size } }, { status: 413, headers: { connection: 'close' } })
}

/** The body read up to `maxBytes`, or null when it is longer (reading stops there). */
async function readAtMost(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const reader = body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > maxBytes) {
      await reader.cancel()
      return null
    }
    chunks.push(value)
  }
  const joined = new Uint8Array(total)
  let offset = 0
  for (const chunk of chunks) {
    joined.set(chunk, offset)
    offset += chunk.byteLength
  }
  return joined
}

/** The request with its body within `maxBytes`, or the 413 answer. */
export async function limitRequestBody(request: Request, maxBytes: number): Promise<Request | Response> {
  if (request.body === null) return request
  const declared = Number(request.headers.get('content-length') ?? Number.NaN)
  if (declared > maxBytes) return payloadTooLarge(maxBytes, declared)
  if (declared <= maxBytes) return request
  const body = await readAtMost(request.body, maxBytes)
  if (body === null) return payloadTooLarge(maxBytes)
  // the caller's signal goes along: a client that goes away still aborts the work (a workbench turn's provider call)
  return new Request(request.url, { method: request.method, headers: request.headers, body, signal: request.signal })
}
