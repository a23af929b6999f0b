// Groq (Chat Completions, @ai-sdk/groq). Reasoning is answered in `reasoning`
// (Groq's `reasoning_format: "parsed"`), and @ai-sdk/groq sends reasoning parts
// back in the same field. Strict: a model that takes no reasoning (Groq
// documents it for its reasoning models only; the SDK replays it for the
// gpt-oss models' multi-turn tool calls) answers the 400 of
// groqReasoningUnsupportedError. Groq's wording of an orphan tool call is not
// known verbatim, so it is not checked here.
import { groqReasoningUnsupportedError } from '../provider-error-presets.ts'
import { chatCompletionsDialect, type ChatCompletionsCheck } from './chat-completions.ts'

/** The prefix of the Groq models that take replayed `reasoning`. */
const TAKES_REASONING = 'openai/gpt-oss-'

const groqReasoningUnsupported: ChatCompletionsCheck = ({ model, messages }) => {
  if (model.startsWith(TAKES_REASONING)) return undefined
  const index = messages.findIndex((message) => message.role === 'assistant' && message.reasoning !== undefined)
  return index === -1 ? undefined : groqReasoningUnsupportedError(index)
}

export const groqDialect = chatCompletionsDialect({ reasoningField: 'reasoning', strictChecks: [groqReasoningUnsupported] })
