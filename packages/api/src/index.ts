// The public API of @threadline/api: the tRPC router and the one fetch handler
// that serves it (mounted by apps/web at /api/trpc), and the per-process services.
export { appRouter, type AppRouter } from './routers/app.ts'
export { handleTrpcRequest, TRPC_ENDPOINT } from './http-handler.ts'
export { handleApiRequest, openApiResponse } from './api-handler.ts'
export { handleRestRequest } from './rest/rest-handler.ts'
export { OPENAPI_PATH, openApiDocument } from './rest/openapi-document.ts'
export { REST_BASE_PATH } from './rest/path-segments.ts'
export { createServices, getServices, type Services, type ServicesOptions } from './services.ts'
export { livenessProbe, readinessProbe } from './probes.ts'
export { readServerConfig, type ServerConfig } from './config.ts'
export { issueApiToken } from './auth/api-tokens.ts'
export type { RouterInputs, RouterOutputs } from './router-types.ts'
export type { CompareEvent, TurnEvent } from './workbench/turn-events.ts'
