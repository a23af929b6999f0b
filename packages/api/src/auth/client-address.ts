// The client's address, for sign-in delays and the audit trail. Every proxy
// appends the address it saw to X-Forwarded-For, so only the last
// `trustedProxyHops` entries were written by proxies we trust; anything left
// of them came from the client and may be forged. Next's own server fills the
// header from the socket when a request has none (with 0 hops that entry is
// the peer address; a client talking to Next directly can still forge it, so
// production runs behind a proxy and sets the hop count).

export function clientAddressOf(headers: Headers, trustedProxyHops: number): string {
  const entries = (headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
  // the entry the outermost trusted proxy appended; fewer entries than hops: the leftmost one
  return entries[Math.max(0, entries.length - Math.max(1, trustedProxyHops))] ?? 'unknown'
}
