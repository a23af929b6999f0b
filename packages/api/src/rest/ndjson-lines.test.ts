import { TRPCError } from '@trpc/server'
import { describe, expect, it } from 'vitest'
import { ndjsonLines } from './ndjson-lines.ts'

/** A body delivered in the given chunks, as a network would split it. */
function body(...chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk))
      controller.close()
    },
  })
}

async function lines(stream: ReadableStream<Uint8Array>, maxLineBytes = 100, maxTotalBytes = 1000): Promise<string[]> {
  const all: string[] = []
  for await (const line of ndjsonLines(stream, { maxLineBytes, maxTotalBytes })) all.push(line)
  return all
}

async function failure(stream: ReadableStream<Uint8Array>, maxLineBytes: number, maxTotalBytes = 1000): Promise<TRPCError> {
  const error = await lines(stream, maxLineBytes, maxTotalBytes).catch((caught: unknown) => caught)
  if (!(error instanceof TRPCError)) throw new Error(`expected a TRPCError, got ${String(error)}`)
  return error
}

describe('ndjsonLines', () => {
  it('splits lines across and within chunks, keeps blank lines (so numbers match the file), drops \\r, needs no final break', async () => {
    expect(await lines(body('{"a":1}\n{"b"', ':2}\r\n\n{"c":', '3}'))).toEqual(['{"a":1}', '{"b":2}', '', '{"c":3}'])
    expect(await lines(body('é', '\n'))).toEqual(['é'])
  })

  it('refuses a line over the limit with 413 naming it, whether it ends in its chunk or not', async () => {
    expect(await failure(body('ok\n', 'x'.repeat(11), '\n'), 10)).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: expect.stringMatching(/^Line 2 is longer than 10 bytes/),
    })
    expect(await failure(body(`ok\nok\n${'x'.repeat(11)}\nok\n`), 10)).toMatchObject({ message: expect.stringMatching(/^Line 3 is longer/) })
    expect(await lines(body('x'.repeat(10), '\n'), 10)).toEqual(['x'.repeat(10)])
  })

  it('refuses a body over the total with 413, and a line that is not UTF-8 with 400 naming it', async () => {
    expect(await failure(body('a\n', 'b\n', 'c\n'), 10, 5)).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: expect.stringContaining('larger than 5 bytes'),
    })
    const invalid = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array([0x61, 0x0a, 0xff, 0x0a]))
        controller.close()
      },
    })
    expect(await failure(invalid, 10)).toMatchObject({ code: 'BAD_REQUEST', message: 'Line 2: not UTF-8 text' })
  })
})
