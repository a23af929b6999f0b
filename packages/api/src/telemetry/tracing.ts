// The OpenTelemetry SDK of the server process: registered only when the
// standard OTLP endpoint variable is set, exporting spans with the standard
// OTLP/HTTP exporter (which reads OTEL_EXPORTER_OTLP_* itself: endpoint,
// headers, timeout, compression). The engine only talks to @opentelemetry/api
// (openTelemetryCallListener); without this, no span and no event is built.
import { context, propagation, trace, type TracerProvider } from '@opentelemetry/api'
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici'
import { detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources'
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node'
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http'
import { z } from 'zod'

type Env = Record<string, string | undefined>

const endpointSchema = z.url({ protocol: /^https?$/, error: 'expected an http(s) URL such as http://127.0.0.1:4318' })

/** The endpoint traces go to, or null when tracing is off (no endpoint, OTEL_SDK_DISABLED=true, OTEL_TRACES_EXPORTER=none). */
export function otlpTracesEndpoint(env: Env): string | null {
  const name = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ? 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT' : 'OTEL_EXPORTER_OTLP_ENDPOINT'
  const endpoint = env[name]
  if (!endpoint) return null
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return null
  const exporters = env.OTEL_TRACES_EXPORTER?.split(',').map((exporter) => exporter.trim())
  if (exporters && !exporters.includes('otlp')) return null
  const parsed = endpointSchema.safeParse(endpoint)
  if (!parsed.success) throw new Error(`${name}="${endpoint}": ${parsed.error.issues[0]?.message ?? 'not a URL'}`)
  return parsed.data
}

/** A started tracing setup: the provider, and the shutdown that flushes its batched spans (also run on SIGTERM/SIGINT). */
export type Tracing = { provider: NodeTracerProvider; shutdown(): Promise<void> }

let started: { tracing: Tracing; instrumentation: UndiciInstrumentation; stopFlushOnSignals: () => void } | null = null

/**
 * The HTTP client spans of the provider requests: the AI SDK providers call
 * the global fetch (Node's undici), whose requests the standard undici
 * instrumentation turns into CLIENT spans with the HTTP semantic-convention
 * attributes; made inside an attempt (openTelemetryCallListener makes its
 * span the active one), each is a child of the attempt span.
 */
export function instrumentFetch(provider: TracerProvider): UndiciInstrumentation {
  // enabled on construction (its `enabled: false` would also stop it from making spans later)
  const instrumentation = new UndiciInstrumentation()
  instrumentation.setTracerProvider(provider)
  return instrumentation
}

/**
 * Flushes and shuts down on the first SIGTERM or SIGINT, then lets the signal
 * do what it would have done: when nobody else listens to it (Next's server
 * does), it is raised again, so the process still ends by it. Returns the
 * function that stops listening.
 */
function flushOnSignals(shutdown: () => Promise<void>): () => void {
  const signals = ['SIGTERM', 'SIGINT'] as const
  const onSignal = (signal: NodeJS.Signals): void => {
    stop()
    void shutdown().finally(() => {
      if (process.listenerCount(signal) === 0) process.kill(process.pid, signal)
    })
  }
  const stop = () => {
    for (const signal of signals) process.removeListener(signal, onSignal)
  }
  for (const signal of signals) process.on(signal, onSignal)
  return stop
}

/**
 * Registers the global tracer provider (with the AsyncLocalStorage context,
 * so call spans nest under the request's span) and the fetch instrumentation
 * when an OTLP endpoint is set, and flushes it on SIGTERM/SIGINT; returns the
 * provider and its shutdown, or null when tracing is off. Called once per
 * process (apps/web/instrumentation.ts); a second call returns the first setup.
 */
export function startTracing(env: Env = process.env): Tracing | null {
  if (started) return started.tracing
  if (otlpTracesEndpoint(env) === null) return null
  const resource = resourceFromAttributes({ 'service.name': 'threadline' }).merge(detectResources({ detectors: [envDetector] }))
  const provider = new NodeTracerProvider({ resource, spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())] })
  provider.register()
  const tracing: Tracing = { provider, shutdown: stopTracing }
  started = { tracing, instrumentation: instrumentFetch(provider), stopFlushOnSignals: flushOnSignals(stopTracing) }
  return tracing
}

/** Flushes the spans still batched and unregisters the provider (shutdown, signals, tests). */
export async function stopTracing(): Promise<void> {
  const current = started
  if (!current) return
  started = null
  current.stopFlushOnSignals()
  current.instrumentation.disable()
  await current.tracing.provider.shutdown()
  trace.disable()
  context.disable()
  propagation.disable()
}
