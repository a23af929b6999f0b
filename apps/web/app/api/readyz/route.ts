import { getServices, readinessProbe } from '@threadline/api'

// Readiness: this process can serve now (docs/operations.md, "Probes").
export const runtime = 'nodejs'
export const dynamic = 'force-dynamic'

export function GET(): Promise<Response> {
  return readinessProbe(getServices)
}
