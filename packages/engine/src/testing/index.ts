// @threadline/engine/testing: test utilities shared by the engine, API and e2e tests.
// The loopback provider and the provider-error presets are real modules of
// their own subpaths; re-exported here so a test has one import.
export * from '../loopback-provider/index.ts'
export { startFakeEmbeddingsServer, type FakeEmbeddingsFaults, type FakeEmbeddingsServer } from './fake-embeddings-server.ts'
export * from '../loopback-provider/provider-error-presets.ts'
export * from './spec-examples.ts'
export { observationalMemoryRecord, textMessage, toolCallExchange } from './storage-fixtures.ts'
// playground stream: the provider-history-compat fixtures, for the playground's parity test
export { deepFreeze, mixedPrompt, storedMessage, toolPart, toolResult } from '../processors/provider-history-compat/test-fixtures.ts'
export { foreignToolIdHistory, openaiRateLimitedRetryAfter, reasoningHistory, toolIdSanitizerRuleSource } from './call-histories.ts'
export * from './switch-matrix/index.ts'
