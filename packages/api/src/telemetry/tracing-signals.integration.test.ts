// startTracing flushes on SIGTERM / SIGINT: a child process (the app's setup,
// a span still in the batch) is signalled; the span must reach the OTLP/HTTP
// receiver on loopback and the process must still end by the signal.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

type OtlpExport = { resourceSpans: { scopeSpans: { spans: { name: string }[] }[] }[] }

const received: string[] = []
const receiver = createServer((request, response) => {
  const chunks: Buffer[] = []
  request.on('data', (chunk: Buffer) => chunks.push(chunk))
  request.on('end', () => {
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpExport
    received.push(...body.resourceSpans.flatMap((entry) => entry.scopeSpans.flatMap((scope) => scope.spans.map((span) => span.name))))
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}')
  })
})
beforeAll(() => new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve)))
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())))

const child = fileURLToPath(new URL('testing/span-then-wait.ts', import.meta.url))

describe('startTracing on a termination signal', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    '%s: the spans still batched reach the receiver, then the process ends by the signal',
    async (signal) => {
      const spanName = `buffered before ${signal}`
      const tracedProcess = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), child], {
        env: {
          ...process.env,
          OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`,
          // no scheduled export during the test: only the flush on the signal sends the span
          OTEL_BSP_SCHEDULE_DELAY: '600000',
          SPAN_NAME: spanName,
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      })
      const exited = once(tracedProcess, 'exit') as Promise<[number | null, NodeJS.Signals | null]>
      await new Promise<void>((resolve, reject) => {
        tracedProcess.stdout.on('data', (chunk: Buffer) => {
          if (chunk.toString().includes('ready')) resolve()
        })
        tracedProcess.on('exit', () => reject(new Error('the child exited before it was ready')))
      })
      expect(received).not.toContain(spanName)
      tracedProcess.kill(signal)
      const [code, endedBy] = await exited
      expect(received).toContain(spanName)
      expect({ code, endedBy }).toEqual({ code: null, endedBy: signal })
    },
    60_000,
  )
})
