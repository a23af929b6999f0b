// Test helpers of @threadline/api: the API on a loopback port over real HTTP.
export { startTestServer, type TestServer } from './test-server.ts'
export { startApiHarness, cookieJarFetch, TEST_AUTH_SECRET, type ApiHarness } from './api-harness.ts'
export { failureOf, type CallFailure } from './errors.ts'
export { manualClock, type ManualClock } from './manual-clock.ts'
export { LEAKED_TEXT, restFuzzProbes, runRestFuzz, type FuzzProbe, type FuzzRun, type OpenApiDocumentLike } from './rest-fuzz.ts'
