// Throwaway servers for tests AND scripts (the benchmarks): no Vitest import here.
export { startPostgresServer, type PostgresServer } from './postgres-server.ts'
export { freeLoopbackPort } from './free-port.ts'
