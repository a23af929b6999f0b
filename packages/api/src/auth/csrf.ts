// CSRF protection for cookie sessions. The cookie is SameSite=Lax, and every
// mutation that is not authenticated by a bearer token must carry a custom
// header, which a cross-site page cannot add without a CORS preflight.

export const CSRF_HEADER = 'x-threadline-csrf'

export function isCsrfSafe(headers: Headers): boolean {
  if (bearerTokenOf(headers) !== null) return true
  return headers.get(CSRF_HEADER) === '1'
}

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerTokenOf(headers: Headers): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(headers.get('authorization') ?? '')
  return match?.[1] ?? null
}
