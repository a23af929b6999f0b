// The switch matrix's canonical histories. Each is PRODUCED on a source
// family: its real AI SDK package talks to the loopback server in the family's
// wire format and the Agent stores what it returns (provider metadata and
// options included) through Memory, as in production. `produce` returns the
// thread holding the history.
import { tool, type ToolSet } from 'ai'
import { z } from 'zod'
import { Agent } from '../../agent/agent.ts'
import type { FakeProviderServer } from '../../loopback-provider/fake-provider-server.ts'
import { reply } from '../../loopback-provider/fake-replies.ts'
import type { Memory } from '../../memory/memory.ts'
import type { SwitchFamily } from './switch-families.ts'

/** The tools of every history: one the agent runs, one left to the caller (no `execute`). */
export const switchTools: ToolSet = {
  get_weather: tool({
    description: 'The weather in a city',
    inputSchema: z.object({ city: z.string() }),
    execute: ({ city }) => ({ city, forecast: city === 'Paris' ? 'sunny' : 'rainy' }),
  }),
  book_table: tool({ description: 'Books a table (the caller answers)', inputSchema: z.object({ people: z.number() }) }),
}

export type ProduceContext = {
  memory: Memory
  server: FakeProviderServer
  source: SwitchFamily
  /** a fresh thread id */
  newThreadId: () => string
  resourceId: string
}

export type CanonicalHistory = { name: string; produce: (context: ProduceContext) => Promise<string> }

/** 1x1 transparent PNG */
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='

function sourceAgent({ memory, server, source }: ProduceContext): Agent {
  return new Agent({
    id: `source-${source.name}`,
    name: source.name,
    instructions: 'You are a concise assistant.',
    model: source.model(server.baseUrl(source.name)),
    tools: switchTools,
    memory,
  })
}

/** One turn on the source: its replies queued, the input sent, stored in `threadId`. */
async function turn(
  context: ProduceContext,
  threadId: string,
  input: Parameters<Agent['generate']>[0],
  ...replies: Parameters<FakeProviderServer['enqueue']>[1][]
): Promise<void> {
  context.server.enqueue(context.source.name, ...replies)
  await sourceAgent(context).generate(input, { memory: { thread: threadId, resource: context.resourceId } })
}

async function singleThread(context: ProduceContext, run: (threadId: string) => Promise<void>): Promise<string> {
  const threadId = context.newThreadId()
  await run(threadId)
  return threadId
}

/** The id of the first stored call left unanswered (state 'call'), and the message holding it. */
async function unansweredCall(memory: Memory, threadId: string): Promise<{ toolCallId: string; createdAt: Date }> {
  for (const message of await memory.listMessages({ threadId })) {
    for (const part of message.content.parts) {
      if (part.type === 'tool-invocation' && part.toolInvocation.state === 'call')
        return { toolCallId: part.toolInvocation.toolCallId, createdAt: message.createdAt }
    }
  }
  throw new Error(`thread ${threadId} holds no unanswered call`)
}

export const canonicalHistories: readonly CanonicalHistory[] = [
  {
    name: 'plain text',
    produce: (context) => singleThread(context, (thread) => turn(context, thread, 'Hello, who are you?', reply.text('I am a concise assistant.'))),
  },
  {
    name: 'multi-step tools',
    produce: (context) =>
      singleThread(context, (thread) =>
        turn(
          context,
          thread,
          'Weather in Paris, then in Rome?',
          reply.toolCall('get_weather', { city: 'Paris' }),
          reply.toolCall('get_weather', { city: 'Rome' }),
          reply.text('Paris is sunny, Rome is rainy.'),
        ),
      ),
  },
  {
    name: 'parallel tools',
    produce: (context) =>
      singleThread(context, (thread) =>
        turn(
          context,
          thread,
          'Weather in Paris and Rome at once?',
          {
            kind: 'success',
            toolCalls: [
              { name: 'get_weather', args: { city: 'Paris' } },
              { name: 'get_weather', args: { city: 'Rome' } },
            ],
          },
          reply.text('Both checked: Paris sunny, Rome rainy.'),
        ),
      ),
  },
  {
    // signed where the source signs (Anthropic's thinking), plain reasoning elsewhere; OpenAI Responses returns none
    name: 'reasoning',
    produce: (context) =>
      singleThread(context, (thread) =>
        turn(
          context,
          thread,
          'Is 1009 prime?',
          reply.text('Yes, 1009 is prime.', { reasoning: { text: 'Trial division up to 31 finds no factor.', signature: 'sig-switch-matrix' } }),
        ),
      ),
  },
  {
    name: 'image',
    produce: (context) =>
      singleThread(context, (thread) =>
        turn(
          context,
          thread,
          [
            {
              role: 'user',
              content: [
                { type: 'text', text: 'What is in this image?' },
                { type: 'file', mimeType: 'image/png', data: PNG },
              ],
            },
          ],
          reply.text('A single transparent pixel.'),
        ),
      ),
  },
  {
    // the caller never answered the call: the turn ended on it
    name: 'cancelled turn',
    produce: (context) => singleThread(context, (thread) => turn(context, thread, 'Book a table for two.', reply.toolCall('book_table', { people: 2 }))),
  },
  {
    // the caller answered in a later message; a clone that ends before that answer cuts the pair
    name: 'partial clone',
    produce: async (context) => {
      const source = context.newThreadId()
      await turn(context, source, 'Book a table for four.', reply.toolCall('book_table', { people: 4 }))
      const call = await unansweredCall(context.memory, source)
      const answer = { toolCallId: call.toolCallId, toolName: 'book_table', args: { people: 4 }, state: 'result' as const, result: { booked: true } }
      await turn(
        context,
        source,
        [
          { role: 'assistant', content: [{ type: 'tool-invocation', toolInvocation: answer }] },
          { role: 'user', content: 'Thanks!' },
        ],
        reply.text('Enjoy your dinner.'),
      )
      const clone = await context.memory.cloneThread({
        sourceThreadId: source,
        newThreadId: context.newThreadId(),
        options: { messageFilter: { endDate: call.createdAt }, boundary: 'exact' },
      })
      return clone.thread.id
    },
  },
]
