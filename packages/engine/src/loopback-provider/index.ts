// @threadline/engine/loopback-provider: a loopback HTTP server that answers like
// Anthropic, OpenAI (Chat, Responses), Gemini, Mistral and Bedrock, with its replies. Tests run the real
// AI SDK providers against it; the workbench's demo provider serves from it.
// Node only (node:http): a client bundle imports '@threadline/engine/provider-error-presets'.
export * from './fake-provider-server.ts'
export * from './fake-replies.ts'
export * from './wire-transcript.ts'
