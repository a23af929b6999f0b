// The retry middleware with the real `ai` package against the loopback
// server: StreamErrorRetryProcessor's decision, budget and Retry-After wait.
import { createOpenAI } from '@ai-sdk/openai'
import { generateText, streamText, wrapLanguageModel } from 'ai'
import { describe, expect, it } from 'vitest'
import { InvalidStreamErrorRetryOptionsError } from '../errors/index.ts'
import { reply } from '../loopback-provider/fake-replies.ts'
import { useFakeProvider } from '../testing/use-fake-provider.ts'
import { streamErrorRetryMiddleware } from './stream-error-retry-middleware.ts'

const server = useFakeProvider()

const overloaded = () => reply.httpError(529, { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }, { 'retry-after-ms': '30' })
const chat = () => createOpenAI({ apiKey: 'test', baseURL: server.baseUrl('openai') }).chat('gpt-4o')

describe('streamErrorRetryMiddleware', () => {
  it('generateText: retries a retryable error after the provider’s Retry-After, then answers', async () => {
    server.enqueue('openai', overloaded(), reply.text('done'))
    const events: unknown[] = []
    const model = wrapLanguageModel({ model: chat(), middleware: streamErrorRetryMiddleware({ maxRetries: 2, onRetry: (event) => void events.push(event) }) })
    const result = await generateText({ model, prompt: 'Hi', maxRetries: 0 })
    expect(result.text).toBe('done')
    expect(server.requests).toHaveLength(2)
    const [first, second] = server.requests
    expect((second?.receivedAt ?? 0) - (first?.receivedAt ?? 0)).toBeGreaterThanOrEqual(25)
    expect(events).toMatchObject([{ attempt: 1, delayMs: 30, delaySource: 'retry-after-ms' }])
  })

  it('streamText: a call that fails before any output is made again; the budget stops it', async () => {
    server.enqueue('openai', overloaded(), reply.text('streamed'))
    const model = wrapLanguageModel({ model: chat(), middleware: streamErrorRetryMiddleware({ maxRetries: 1 }) })
    expect(await streamText({ model, prompt: 'Hi', maxRetries: 0 }).text).toBe('streamed')
    expect(server.requests).toHaveLength(2)

    server.reset()
    server.enqueue('openai', overloaded(), overloaded(), reply.text('never'))
    const errors: unknown[] = []
    const failing = streamText({ model, prompt: 'Hi', maxRetries: 0, onError: ({ error }) => void errors.push(error) })
    await expect(failing.text).rejects.toThrow(/No output generated/)
    expect(errors).toMatchObject([{ statusCode: 529 }])
    expect(server.requests).toHaveLength(2)
  })

  it('streamText: an error chunk before the first output part is retried too', async () => {
    server.enqueue('openai', { kind: 'stream-error', chunk: { error: { message: 'upstream reset', type: 'server_error' } } }, reply.text('second try'))
    const model = wrapLanguageModel({ model: chat(), middleware: streamErrorRetryMiddleware({ retryUnknownErrors: true }) })
    expect(await streamText({ model, prompt: 'Hi', maxRetries: 0 }).text).toBe('second try')
    expect(server.requests).toHaveLength(2)
  })

  it('rejects options the processor rejects', () => {
    expect(() => streamErrorRetryMiddleware({ maxRetries: -1 })).toThrow(InvalidStreamErrorRetryOptionsError)
  })
})
