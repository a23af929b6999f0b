// @threadline/client: the typed client of the Threadline API for app backends.
// Its types are generated from the server's router (src/generated/api-types.ts)
// and bundled with @trpc/client and superjson into ESM and CommonJS builds.
export { createThreadlineClient, type ThreadlineClientOptions } from './create-client.ts'
export type { CallOptions, MutationOptions, ThreadlineClient } from './client-types.ts'
export type { RequestEvent, ResponseEvent, TransportHooks } from './http-transport.ts'
export type { RetryOptions } from './retry-policy.ts'
export type { SaveAllOptions, SaveAllResult } from './save-all.ts'
export { streamTurn, type CompareEvent, type StreamTurnOptions, type TurnEvent, type TurnEventOf, type TurnKind } from './stream-turn.ts'
export { ThreadlineError, threadlineErrorCode, threadlineErrorData, type ThreadlineErrorData, type ThreadlineErrorKind } from './threadline-error.ts'
export { CLIENT_VERSION } from './version.ts'
export type { ThreadExportLine, ThreadExportOptions, ThreadImportOptions, ThreadImportResult, ThreadImportSource, ThreadTransfer } from './thread-transfer.ts'
export type * from './generated/api-types.ts'
