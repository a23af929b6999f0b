// Liveness: the process is up and Next answers. It touches nothing (no
// database, no services), so a load balancer's probe costs next to nothing and
// the API benchmark has Next's own floor beside health.check (which reads the
// migration history from the database).
export const runtime = 'nodejs'
export const dynamic = 'force-dynamic'

export function GET(): Response {
  return new Response('ok\n', { headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } })
}
