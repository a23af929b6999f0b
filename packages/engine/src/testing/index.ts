// @threadline/engine/testing: test utilities shared by the engine, API and e2e tests.
export * from './fake-provider-server.ts'
export { startFakeEmbeddingsServer, type FakeEmbeddingsServer } from './fake-embeddings-server.ts'
export * from './fake-replies.ts'
export * from './provider-error-presets.ts'
export * from './spec-examples.ts'
export { observationalMemoryRecord, textMessage, toolCallExchange } from './storage-fixtures.ts'
// playground stream: the provider-history-compat fixtures, for the playground's parity test
export { deepFreeze, mixedPrompt, storedMessage, toolPart, toolResult } from '../processors/provider-history-compat/test-fixtures.ts'
export { foreignToolIdHistory, openaiRateLimitedRetryAfter, reasoningHistory, toolIdSanitizerRuleSource } from './call-histories.ts'
