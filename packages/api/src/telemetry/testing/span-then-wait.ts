// Child process of tracing-signals.integration.test.ts: starts tracing as the
// app does, ends one span (it stays in the batch: the test sets a long
// OTEL_BSP_SCHEDULE_DELAY), says "ready" and waits for a signal.
import { trace } from '@opentelemetry/api'
import { startTracing } from '../tracing.ts'

if (startTracing() === null) throw new Error('tracing did not start: set OTEL_EXPORTER_OTLP_ENDPOINT')
trace
  .getTracer('signal-test')
  .startSpan(process.env.SPAN_NAME ?? 'buffered')
  .end()
process.stdout.write('ready\n')
setInterval(() => undefined, 60_000)
