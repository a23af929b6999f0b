// @threadline/engine/loopback-provider: a loopback HTTP server that answers like
// Anthropic, OpenAI (Chat, Responses), Gemini, Mistral, Bedrock, Cerebras, Groq,
// DeepSeek and xAI, with its replies, a strict mode that refuses what each
// provider documents it refuses, and the no-silent-drop check. Tests run the
// real AI SDK providers against it; the workbench's demo provider serves from it.
// Node only (node:http): a client bundle imports '@threadline/engine/provider-error-presets'.
export * from './fake-provider-server.ts'
export * from './fake-replies.ts'
export type { WireHistory } from './dialects/shared.ts'
export * from './silent-drops.ts'
// the real AI SDK model of each strict dialect (the switch matrix's families; the playground's Switch check)
export { switchFamilies, type SwitchFamily } from '../testing/switch-matrix/switch-families.ts'
