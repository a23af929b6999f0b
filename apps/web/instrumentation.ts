// Next calls register() once per server process at startup. OpenTelemetry
// tracing starts here when OTEL_EXPORTER_OTLP_ENDPOINT is set (and only in the
// Node.js runtime): the workbench's LLM calls then become spans, exported over
// OTLP/HTTP (packages/api/src/telemetry/tracing.ts). Without it nothing loads.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return
  if (!process.env.OTEL_EXPORTER_OTLP_ENDPOINT && !process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return
  const { startTracing } = await import('@threadline/api/tracing')
  startTracing()
}
