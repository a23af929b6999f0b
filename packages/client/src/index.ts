// @threadline/client: the typed client of the Threadline API, built from the
// api package's client (one source) into plain ESM with the router's types
// bundled into the .d.ts, so it installs and runs outside this repository.
export {
  createThreadlineClient,
  streamTurn,
  threadlineErrorCode,
  threadlineErrorData,
  TRPCClientError,
  type AppRouter,
  type CompareEvent,
  type StreamTurnOptions,
  type TurnEvent,
  type TurnEventOf,
  type TurnKind,
  type RetryOptions,
  type ThreadlineClient,
  type ThreadlineClientOptions,
  type ThreadlineErrorData,
  type ThreadlineInputs,
  type ThreadlineOutputs,
} from '@threadline/api/client'
