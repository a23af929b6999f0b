// "Demo: scripted replies": the project's loopback provider server, started in
// this process on first use, answering every OpenAI Chat Completions request
// with a scripted reply streamed word by word over the real wire protocol, so
// the workbench can be tried without a key. DEMO ONLY: no model is involved.
import { createOpenAICompatible } from '@ai-sdk/openai-compatible'
import type { LanguageModelV3 } from '@ai-sdk/provider'
import { startFakeProvider, type FakeProviderServer, type FakeReply, type RecordedRequest } from '@threadline/engine/loopback-provider'

const DEMO_PROVIDER = 'demo'
const DEMO_MODEL_ID = 'scripted-replies'

export type DemoProvider = {
  /** the demo model: @ai-sdk/openai-compatible against the loopback server (started now if needed) */
  model(): Promise<LanguageModelV3>
  close(): Promise<void>
}

function lastUserText(request: RecordedRequest): string {
  const body = request.body as { messages?: { role?: string; content?: unknown }[] } | undefined
  const last = [...(body?.messages ?? [])].reverse().find((message) => message.role === 'user')
  const content = last?.content
  if (typeof content === 'string') return content
  if (Array.isArray(content)) return content.map((part: { text?: unknown }) => (typeof part.text === 'string' ? part.text : '')).join(' ')
  return ''
}

export function scriptedReply(request: RecordedRequest): FakeReply {
  const said = lastUserText(request).replace(/\s+/g, ' ').trim()
  const quoted = said.length > 120 ? `${said.slice(0, 117)}...` : said
  const messages = (request.body as { messages?: unknown[] } | undefined)?.messages?.length ?? 0
  return {
    kind: 'success',
    text:
      `Scripted demo reply: you wrote "${quoted}". ` +
      `No model read it: this answer came from Threadline's loopback provider over the OpenAI Chat Completions protocol, ` +
      `after the ${messages} messages of context the workbench sent. Set a provider variable (see the README) to talk to a real model.`,
    usage: { inputTokens: Math.ceil(JSON.stringify(request.body).length / 4), outputTokens: 60 },
    // about 20 words a second, like a real model: the reply visibly streams and can be cancelled
    eventDelayMs: 50,
  }
}

export function demoProvider(): DemoProvider {
  let server: Promise<FakeProviderServer> | undefined
  return {
    async model() {
      // every reply comes from its request: none is kept (a server's lifetime of turns would stay on the heap)
      server ??= startFakeProvider({ fallback: scriptedReply, keepRequests: 0 })
      const baseURL = (await server).baseUrl(DEMO_PROVIDER)
      return createOpenAICompatible({ name: DEMO_PROVIDER, baseURL, apiKey: 'demo' }).chatModel(DEMO_MODEL_ID)
    },
    async close() {
      if (server) await (await server).close()
    },
  }
}
