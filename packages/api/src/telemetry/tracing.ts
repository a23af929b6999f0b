// The OpenTelemetry SDK of the server process: registered only when the
// standard OTLP endpoint variable is set, exporting spans with the standard
// OTLP/HTTP exporter (which reads OTEL_EXPORTER_OTLP_* itself: endpoint,
// headers, timeout, compression). The engine only talks to @opentelemetry/api
// (openTelemetryCallListener); without this, no span and no event is built.
import { context, propagation, trace } from '@opentelemetry/api'
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

let started: NodeTracerProvider | null = null

/**
 * Registers the global tracer provider (with the AsyncLocalStorage context,
 * so call spans nest under the request's span) when an OTLP endpoint is set;
 * returns it, or null when tracing is off. Called once per process
 * (apps/web/instrumentation.ts); a second call returns the first provider.
 */
export function startTracing(env: Env = process.env): NodeTracerProvider | null {
  if (started) return started
  if (otlpTracesEndpoint(env) === null) return null
  const resource = resourceFromAttributes({ 'service.name': 'threadline' }).merge(detectResources({ detectors: [envDetector] }))
  const provider = new NodeTracerProvider({ resource, spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())] })
  provider.register()
  started = provider
  return provider
}

/** Flushes the spans still batched and unregisters the provider (shutdown, tests). */
export async function stopTracing(): Promise<void> {
  const provider = started
  if (!provider) return
  started = null
  await provider.shutdown()
  trace.disable()
  context.disable()
  propagation.disable()
}
