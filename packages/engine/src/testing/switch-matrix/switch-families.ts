// The provider families of the switch matrix, one line each: the family's name
// (also the loopback server's path segment, so its dialect answers) and the
// real AI SDK model that speaks its wire format. A family the loopback server
// answers joins the matrix with one line here. Gemini's OpenAI-compatible
// endpoint is not a family here: @ai-sdk/openai-compatible does not keep the
// thought signatures Gemini 3 returns there, so it cannot continue its own
// multi-step history (as a target it is proven by the
// gemini-missing-thought-signature wire test).
import { createAmazonBedrock } from '@ai-sdk/amazon-bedrock'
import { createAnthropic } from '@ai-sdk/anthropic'
import { createCerebras } from '@ai-sdk/cerebras'
import { createDeepSeek } from '@ai-sdk/deepseek'
import { createGoogleGenerativeAI } from '@ai-sdk/google'
import { createGroq } from '@ai-sdk/groq'
import { createMistral } from '@ai-sdk/mistral'
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
  // Gemini 3: function calls of the current turn need a thought signature
  { name: 'google', model: (baseURL) => createGoogleGenerativeAI({ baseURL, apiKey })('gemini-3-pro-preview') },
  // tool-call ids of exactly nine letters or digits
  { name: 'mistral', model: (baseURL) => createMistral({ baseURL, apiKey })('mistral-large-latest') },
  // Converse: alternating roles, tool names and ids of [a-zA-Z0-9_-]; its base URL has no /v1
  {
    name: 'bedrock',
    model: (baseURL) =>
      createAmazonBedrock({ baseURL: baseURL.replace(/\/v1$/, ''), region: 'us-east-1', apiKey })('anthropic.claude-sonnet-4-5-20250929-v1:0'),
  },
]
