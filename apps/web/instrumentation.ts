// Next calls register() once per server process at startup.
// Every request is stamped with its socket's peer address first, under a name
// clients cannot guess (packages/api/src/auth/client-address.ts): Next's route
// handlers see no socket, and sign-in limits and the audit trail must not rest
// on a header the client wrote.
// OpenTelemetry tracing starts here when OTEL_EXPORTER_OTLP_ENDPOINT is set (and only in the
// Node.js runtime): the workbench's LLM calls then become spans, exported over
// OTLP/HTTP (packages/api/src/telemetry/tracing.ts). Without it nothing loads.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return
  const { stampPeerAddressOnEveryServer } = await import('@threadline/api/client-address')
  stampPeerAddressOnEveryServer()
  if (!process.env.OTEL_EXPORTER_OTLP_ENDPOINT && !process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return
  const { startTracing } = await import('@threadline/api/tracing')
  startTracing()
}
