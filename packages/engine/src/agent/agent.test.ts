// The Agent with the real @ai-sdk/* packages against the loopback fake provider.
// Memory-backed turns are tested in packages/db/src/integration (real database).
import { createAnthropic } from '@ai-sdk/anthropic'
import { APICallError, tool, type Tool } from 'ai'
import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { InvalidInputError, ModelResolutionError, ProviderStreamError } from '../errors/index.ts'
import type { Processor } from '../processors/types.ts'
import { reply } from '../testing/index.ts'
import { anthropicInvalidToolUseId, anthropicOverloadedStreamEvent, openaiResponsesFailedServerError } from '../loopback-provider/provider-error-presets.ts'
import { Agent } from './agent.ts'
import type { AgentInputMessage, AgentStreamEvent } from './types.ts'
import { useFakeProvider } from '../testing/use-fake-provider.ts'

const server = useFakeProvider({ envFor: ['anthropic', 'openai', 'cerebras', 'example-provider'] })

const bodyOf = (index: number) => server.requests[index]?.body as Record<string, unknown>

function agent(overrides: Partial<ConstructorParameters<typeof Agent>[0]> = {}) {
  return new Agent({ id: 'a', name: 'a', instructions: 'You are terse.', model: 'anthropic/claude-sonnet-4-5', ...overrides })
}

const alwaysRetry: Processor = { id: 'always', name: 'always', processAPIError: () => ({ retry: true }) }

const weatherTool = tool({
  description: 'Current weather of a city',
  inputSchema: z.object({ city: z.string() }),
  execute: async ({ city }) => ({ city, temperature: 21 }),
})

async function collect(events: AsyncIterable<AgentStreamEvent>): Promise<AgentStreamEvent[]> {
  const out: AgentStreamEvent[] = []
  for await (const event of events) out.push(event)
  return out
}

describe('model resolution from "provider/model" strings and the environment', () => {
  it.each([
    ['anthropic/claude-sonnet-4-5', 'anthropic', '/anthropic/v1/messages'],
    ['openai/gpt-5', 'openai', '/openai/v1/responses'],
    ['openai-chat/gpt-4o', 'openai', '/openai/v1/chat/completions'],
    ['cerebras/gpt-oss-120b', 'cerebras', '/cerebras/v1/chat/completions'],
    ['example-provider/model', 'example-provider', '/example-provider/v1/chat/completions'],
  ])('%s calls %s at %s with its key', async (model, provider, path) => {
    server.enqueue(provider, reply.text('Hello'))
    const result = await agent({ model }).generate('Hi')
    expect(result.text).toBe('Hello')
    expect(server.requests[0]?.path).toBe(path)
    const headers = server.requests[0]?.headers ?? {}
    expect(headers['x-api-key'] ?? headers.authorization).toContain(`test-key-${provider}`)
  })

  it('reads the environment at call time, not at construction', async () => {
    const late = agent({ model: 'late-provider/m' })
    await expect(late.generate('Hi')).rejects.toThrow(ModelResolutionError)
    vi.stubEnv('LATE_PROVIDER_BASE_URL', server.baseUrl('late-provider'))
    server.enqueue('late-provider', reply.text('now'))
    expect((await late.generate('Hi')).text).toBe('now')
  })

  it('accepts a model object', async () => {
    server.enqueue('custom', reply.text('from object'))
    const model = createAnthropic({ baseURL: server.baseUrl('custom'), apiKey: 'k' })('claude-sonnet-4-5')
    expect((await agent({ model }).generate('Hi')).text).toBe('from object')
  })
})

describe('generate', () => {
  it('sends the instructions and the input, and returns text, usage and the response message', async () => {
    server.enqueue('anthropic', reply.text('Hello!', { usage: { inputTokens: 7, outputTokens: 3 } }))
    const result = await agent().generate('Hi there')
    expect(bodyOf(0)).toMatchObject({
      model: 'claude-sonnet-4-5',
      system: [{ type: 'text', text: 'You are terse.' }],
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi there' }] }],
    })
    expect(result).toMatchObject({ text: 'Hello!', finishReason: 'stop', usage: { inputTokens: 7, outputTokens: 3 }, steps: 1, retries: 0 })
    expect(result.response.content.metadata).toEqual({ provider: 'anthropic.messages', modelId: 'claude-sonnet-4-5' })
    expect(result.messages.map((m) => m.role)).toEqual(['user', 'assistant'])
    expect(result.messages[0]!.createdAt.getTime()).toBeLessThan(result.messages[1]!.createdAt.getTime())
  })

  it('takes a message list as input (history included)', async () => {
    server.enqueue('anthropic', reply.text('Fine'))
    const input: AgentInputMessage[] = [
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Hello' },
      { role: 'user', content: 'How are you?' },
    ]
    await agent().generate(input)
    expect((bodyOf(0).messages as unknown[]).length).toBe(3)
  })

  it('stores signed thinking with its signature', async () => {
    server.enqueue('anthropic', reply.text('Answer', { reasoning: { text: 'Because', signature: 'sig-1' } }))
    const result = await agent().generate('Why?')
    expect(result.reasoningText).toBe('Because')
    expect(result.response.content.parts).toContainEqual({
      type: 'reasoning',
      reasoning: 'Because',
      details: [{ type: 'text', text: 'Because', signature: 'sig-1' }],
      providerMetadata: { anthropic: { signature: 'sig-1' } },
    })
  })

  it('rejects bad input and options with typed errors', async () => {
    await expect(agent().generate('')).rejects.toThrow(InvalidInputError)
    await expect(agent().generate([])).rejects.toThrow(InvalidInputError)
    await expect(agent().generate('Hi', { maxProcessorRetries: -1 })).rejects.toThrow(InvalidInputError)
    await expect(agent().generate('Hi', { memory: { thread: 't', resource: 'r' } })).rejects.toThrow(/has no memory/)
    expect(server.requests).toHaveLength(0)
  })

  it('rejects a bad configuration at construction', () => {
    expect(() => agent({ id: '' })).toThrow(InvalidInputError)
    expect(() => agent({ model: 'no-slash' })).toThrow(ModelResolutionError)
    expect(() => agent({ maxSteps: 0 })).toThrow(InvalidInputError)
    expect(() => agent({ errorProcessors: [{} as Processor] })).toThrow(InvalidInputError)
  })
})

describe('tools', () => {
  it('runs the multi-step loop and stores call and result in one tool-invocation part', async () => {
    server.enqueue('anthropic', reply.toolCall('get_weather', { city: 'Paris' }, 'toolu_1'), reply.text('It is 21 degrees.'))
    const result = await agent({ tools: { get_weather: weatherTool } }).generate('Weather in Paris?')
    expect(result.text).toBe('It is 21 degrees.')
    expect(result.steps).toBe(2)
    expect(bodyOf(0).tools).toMatchObject([{ name: 'get_weather', description: 'Current weather of a city', input_schema: { type: 'object' } }])
    expect(bodyOf(1).messages).toMatchObject([
      { role: 'user' },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: JSON.stringify({ city: 'Paris', temperature: 21 }) }] },
    ])
    expect(result.toolInvocations).toEqual([
      { toolCallId: 'toolu_1', toolName: 'get_weather', args: { city: 'Paris' }, state: 'result', result: { city: 'Paris', temperature: 21 } },
    ])
    expect(result.response.content.parts.map((p) => p.type)).toEqual(['step-start', 'tool-invocation', 'step-start', 'text'])
  })

  it.each([
    ['openai/gpt-5', 'openai', 'function_call_output'],
    ['openai-chat/gpt-4o', 'openai', '"role":"tool"'],
    ['cerebras/gpt-oss-120b', 'cerebras', '"role":"tool"'],
    ['example-provider/model', 'example-provider', '"role":"tool"'],
  ])('%s: the tool loop sends the result back in the provider format', async (model, provider, resultMarker) => {
    server.enqueue(provider, reply.toolCall('get_weather', { city: 'Paris' }, 'call_1'), reply.text('21 degrees'))
    for (const stream of [false, true]) {
      if (stream) server.enqueue(provider, reply.toolCall('get_weather', { city: 'Paris' }, 'call_1'), reply.text('21 degrees'))
      const weatherAgent = agent({ model, tools: { get_weather: weatherTool } })
      const text = stream ? await weatherAgent.stream('Weather?').text : (await weatherAgent.generate('Weather?')).text
      expect(text).toBe('21 degrees')
    }
    for (const index of [1, 3]) {
      expect(JSON.stringify(server.requests[index]?.body)).toContain(resultMarker)
      expect(JSON.stringify(server.requests[index]?.body)).toContain('call_1')
    }
  })

  it('stops at maxSteps', async () => {
    server.enqueue('anthropic', reply.toolCall('get_weather', { city: 'A' }), reply.toolCall('get_weather', { city: 'B' }))
    const result = await agent({ tools: { get_weather: weatherTool }, maxSteps: 2 }).generate('Loop')
    expect(server.requests).toHaveLength(2)
    expect(result.toolInvocations.map((t) => t.state)).toEqual(['result', 'result'])
  })

  it('feeds tool failures and invalid input back to the model as results', async () => {
    const failing = tool({
      inputSchema: z.object({ n: z.number() }),
      execute: async (): Promise<string> => {
        throw new Error('service down')
      },
    })
    server.enqueue(
      'anthropic',
      {
        kind: 'success',
        toolCalls: [
          { id: 'c1', name: 'failing', args: { n: 1 } },
          { id: 'c2', name: 'failing', args: { n: 'x' } },
          { id: 'c3', name: 'missing', args: {} },
        ],
      },
      reply.text('Sorry'),
    )
    const result = await agent({ tools: { failing } }).generate('Go')
    const results = result.toolInvocations.map((t) => t.result as { error: string })
    expect(results[0]?.error).toBe('service down')
    expect(results[1]?.error).toMatch(/Invalid input for tool "failing"/)
    expect(results[2]?.error).toBe('Unknown tool "missing"')
    expect(result.text).toBe('Sorry')
  })

  it('ends the turn on a tool without execute, leaving the call open', async () => {
    const clientSide: Tool<{ q: string }> = tool({ inputSchema: z.object({ q: z.string() }) })
    server.enqueue('anthropic', reply.toolCall('ask_user', { q: 'Which city?' }, 'c1'))
    const result = await agent({ tools: { ask_user: clientSide } }).generate('Go')
    expect(server.requests).toHaveLength(1)
    expect(result.toolInvocations).toEqual([{ toolCallId: 'c1', toolName: 'ask_user', args: { q: 'Which city?' }, state: 'call' }])
  })
})

describe('processor retry budget (real HTTP errors)', () => {
  function enqueueErrors(count: number) {
    for (let attempt = 1; attempt <= count; attempt++) {
      server.enqueue('anthropic', reply.httpError(500, { type: 'error', error: { type: 'api_error', message: `attempt ${attempt}` } }))
    }
  }

  it('an always-retry error processor yields 11 provider calls by default; the last error is thrown', async () => {
    enqueueErrors(11)
    const error = await agent({ errorProcessors: [alwaysRetry] })
      .generate('Hi')
      .catch((e: unknown) => e)
    expect(server.requests).toHaveLength(11)
    expect(APICallError.isInstance(error)).toBe(true)
    expect((error as APICallError).message).toBe('attempt 11')
  })

  it.each([
    [0, 1],
    [3, 4],
  ])('agent maxProcessorRetries %i yields %i calls', async (maxProcessorRetries, calls) => {
    enqueueErrors(calls)
    const error = await agent({ errorProcessors: [alwaysRetry], maxProcessorRetries })
      .generate('Hi')
      .catch((e: unknown) => e)
    expect(server.requests).toHaveLength(calls)
    expect((error as APICallError).message).toBe(`attempt ${calls}`)
  })

  it('a per-call maxProcessorRetries overrides the agent', async () => {
    enqueueErrors(4)
    await agent({ errorProcessors: [alwaysRetry], maxProcessorRetries: 0 })
      .generate('Hi', { maxProcessorRetries: 3 })
      .catch(() => undefined)
    expect(server.requests).toHaveLength(4)
  })

  it('nothing is auto-added: without processors a rejected request is not retried', async () => {
    server.enqueue('anthropic', anthropicInvalidToolUseId)
    const input: AgentInputMessage[] = [
      { role: 'user', content: 'Weather?' },
      {
        role: 'assistant',
        content: [
          {
            type: 'tool-invocation',
            toolInvocation: { toolCallId: 'functions.get_weather:0', toolName: 'get_weather', args: {}, state: 'result', result: 'sunny' },
          },
        ],
      },
      { role: 'user', content: 'Thanks' },
    ]
    const error = await agent()
      .generate(input)
      .catch((e: unknown) => e)
    expect(server.requests).toHaveLength(1)
    expect((error as APICallError).statusCode).toBe(400)
    expect(JSON.stringify(bodyOf(0))).toContain('functions.get_weather:0')
  })

  it('nothing is auto-added: a cerebras agent without processors sends the stored reasoning', async () => {
    server.enqueue('cerebras', reply.text('ok'))
    await agent({ model: 'cerebras/gpt-oss-120b' }).generate([
      { role: 'user', content: 'Hi' },
      {
        role: 'assistant',
        content: [
          { type: 'reasoning', reasoning: 'foreign thoughts', details: [{ type: 'text', text: 'foreign thoughts' }] },
          { type: 'text', text: 'Hello' },
        ],
      },
      { role: 'user', content: 'Again' },
    ])
    expect(JSON.stringify(bodyOf(0))).toContain('foreign thoughts')
  })

  it('processors receive the model as the agent was given it', async () => {
    const models: unknown[] = []
    const spy: Processor = {
      id: 'spy',
      name: 'spy',
      processLLMRequest: ({ model }) => {
        models.push(model)
      },
    }
    server.enqueue('anthropic', reply.text('ok'))
    await agent({ inputProcessors: [spy] }).generate('Hi')
    expect(models).toEqual(['anthropic/claude-sonnet-4-5'])
  })
})

describe('stream', () => {
  it('streams text deltas and finishes with the full text', async () => {
    server.enqueue('anthropic', reply.text('Hello streaming world'))
    const stream = agent().stream('Hi')
    const events = await collect(stream)
    expect(events.filter((e) => e.type === 'text-delta').map((e) => (e as { text: string }).text)).toEqual(['Hello ', 'streaming ', 'world'])
    expect(events.at(0)).toEqual({ type: 'step-start', stepNumber: 0 })
    expect(events.at(-1)).toMatchObject({ type: 'finish', text: 'Hello streaming world', finishReason: 'stop' })
    expect(await stream.text).toBe('Hello streaming world')
    expect(server.requests[0]?.stream).toBe(true)
  })

  it('streams tool calls and results across steps', async () => {
    server.enqueue('anthropic', reply.toolCall('get_weather', { city: 'Paris' }, 'toolu_1'), reply.text('21 degrees'))
    const stream = agent({ tools: { get_weather: weatherTool } }).stream('Weather?')
    const events = await collect(stream)
    expect(events.map((e) => e.type)).toEqual(['step-start', 'tool-call', 'tool-result', 'step-start', 'text-delta', 'text-delta', 'finish'])
    expect(events[1]).toEqual({ type: 'tool-call', stepNumber: 0, toolCallId: 'toolu_1', toolName: 'get_weather', args: { city: 'Paris' } })
    expect((await stream.result).text).toBe('21 degrees')
  })

  it('an error inside the stream reaches the error processors; the retry is announced and only the second attempt counts', async () => {
    server.enqueue('openai', openaiResponsesFailedServerError, reply.text('Complete answer.'))
    const errors: unknown[] = []
    const retryOnce: Processor = {
      id: 'once',
      name: 'once',
      processAPIError: ({ error, retryCount }) => {
        errors.push(error)
        return { retry: retryCount === 0 }
      },
    }
    const stream = agent({ model: 'openai/gpt-5', errorProcessors: [retryOnce] }).stream('Hi')
    const events = await collect(stream)
    const types = events.map((e) => e.type)
    const retryAt = types.indexOf('retry')
    expect(types.slice(0, retryAt)).toContain('text-delta')
    expect(events[retryAt]).toMatchObject({ type: 'retry', stepNumber: 0, attempt: 1 })
    const result = await stream.result
    expect(result.text).toBe('Complete answer.')
    expect(result.retries).toBe(1)
    expect(JSON.stringify(result.response)).not.toContain('Partial answer')
    expect(errors).toHaveLength(1)
    expect(errors[0]).toBeInstanceOf(Error)
  })

  it('without processors an error inside the stream ends the iteration and rejects the result', async () => {
    server.enqueue('anthropic', anthropicOverloadedStreamEvent)
    const stream = agent().stream('Hi')
    const seen: string[] = []
    const error = await (async () => {
      for await (const event of stream) seen.push(event.type)
    })().catch((e: unknown) => e)
    expect(seen).toContain('text-delta')
    expect(error).toBeInstanceOf(ProviderStreamError)
    expect((error as ProviderStreamError).cause).toEqual({ type: 'overloaded_error', message: 'Overloaded' })
    await expect(stream.result).rejects.toBe(error)
    expect(server.requests).toHaveLength(1)
  })

  it('an abort ends the call without asking the processors', async () => {
    const processAPIError = vi.fn(() => ({ retry: true }))
    server.enqueue('anthropic', { ...reply.text('late'), delayMs: 2000 })
    const controller = new AbortController()
    setTimeout(() => controller.abort(), 50)
    const stream = agent({ errorProcessors: [{ id: 'p', name: 'p', processAPIError }] }).stream('Hi', { abortSignal: controller.signal })
    await expect(stream.result).rejects.toThrow(/abort/i)
    expect(processAPIError).not.toHaveBeenCalled()
  })

  it('invalid input throws at once', () => {
    expect(() => agent().stream('')).toThrow(InvalidInputError)
  })
})
