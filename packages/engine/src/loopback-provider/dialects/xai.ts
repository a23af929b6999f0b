// xAI (Chat Completions: what `xai(modelId)` of @ai-sdk/xai 3.x calls; the
// Responses API is `xai.responses(modelId)`). Reasoning is answered in
// `reasoning_content`; @ai-sdk/xai sends none back. No rejection of xAI's is
// known verbatim, so strict mode adds no check of its own (an unknown
// wording would only pretend to be xAI).
import { chatCompletionsDialect } from './chat-completions.ts'

export const xaiDialect = chatCompletionsDialect({ reasoningField: 'reasoning_content', strictChecks: [] })
