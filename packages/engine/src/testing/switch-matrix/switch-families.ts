// The provider families of the switch matrix, one line each: the family's name
// (also the loopback server's path segment, so its dialect answers) and the
// real AI SDK model that speaks its wire format. A family the loopback server
// answers (google, mistral, bedrock) joins the matrix with one line here.
import { createAnthropic } from '@ai-sdk/anthropic'
import { createCerebras } from '@ai-sdk/cerebras'
import { createDeepSeek } from '@ai-sdk/deepseek'
import { createGroq } from '@ai-sdk/groq'
import { createOpenAI } from '@ai-sdk/openai'
import type { LanguageModelV3 } from '@ai-sdk/provider'
import { createXai } from '@ai-sdk/xai'

export type SwitchFamily = {
  /** the family, and the loopback path segment its dialect answers under */
  name: string
  /** the provider's real AI SDK model, pointed at the loopback server */
  model: (baseURL: string) => LanguageModelV3
}

const apiKey = 'switch-matrix'

export const switchFamilies: readonly SwitchFamily[] = [
  { name: 'openai-chat', model: (baseURL) => createOpenAI({ baseURL, apiKey }).chat('gpt-4o') },
  { name: 'openai-responses', model: (baseURL) => createOpenAI({ baseURL, apiKey }).responses('gpt-5') },
  { name: 'anthropic', model: (baseURL) => createAnthropic({ baseURL, apiKey }).messages('claude-sonnet-4-5') },
  { name: 'cerebras', model: (baseURL) => createCerebras({ baseURL, apiKey })('gpt-oss-120b') },
  // a Groq reasoning model that takes no replayed reasoning (dialects/groq.ts)
  { name: 'groq', model: (baseURL) => createGroq({ baseURL, apiKey })('qwen/qwen3-32b') },
  // thinking mode: tool-calling turns must carry their reasoning_content back
  { name: 'deepseek', model: (baseURL) => createDeepSeek({ baseURL, apiKey })('deepseek-v4-flash') },
  // `xai(modelId)`: Chat Completions in @ai-sdk/xai 3.x
  { name: 'xai', model: (baseURL) => createXai({ baseURL, apiKey })('grok-4') },
]
