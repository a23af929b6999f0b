import { getServices, livenessProbe } from '@threadline/api'

// Liveness: this process can serve (docs/operations.md, "Probes"). Once the
// services have started it touches nothing (no database), so a probe costs
// next to nothing and the API benchmark has Next's own floor beside
// health.check (which reads the migration history from the database).
export const runtime = 'nodejs'
export const dynamic = 'force-dynamic'

export function GET(): Promise<Response> {
  return livenessProbe(getServices)
}
