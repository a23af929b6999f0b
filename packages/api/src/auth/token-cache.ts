// Verified API tokens kept for a short while, so a request does not look its
// token up again. Revocation cannot wait for the entry to age out: the
// statement that leases a token's rate limit re-checks the token
// (rate-limiter.ts), and a lease lives at most LEASE_TTL_MS (1 s), so a token
// revoked or expired on ANY instance is refused by every instance within 1 s
// (on the revoking instance at once: it drops its lease and entry), and the
// entry is dropped then.
import type { VerifiedApiToken } from './api-tokens.ts'

export type TokenCache = {
  /** the verified token of a presented secret's hash, while its entry is fresh */
  get(tokenHash: string): VerifiedApiToken | undefined
  set(tokenHash: string, token: VerifiedApiToken): void
  /** drops every entry of a token (revoked, expired, or refused by the database) */
  forget(tokenId: string): void
}

export type TokenCacheOptions = { ttlMs: number; maxEntries: number; now?: () => number }

export function tokenCache({ ttlMs, maxEntries, now = Date.now }: TokenCacheOptions): TokenCache {
  // insertion order = age: the oldest entry is the first one
  const entries = new Map<string, { token: VerifiedApiToken; expiresAt: number }>()
  return {
    get(tokenHash) {
      const entry = entries.get(tokenHash)
      if (entry === undefined) return undefined
      if (entry.expiresAt > now()) return entry.token
      entries.delete(tokenHash)
      return undefined
    },
    set(tokenHash, token) {
      entries.delete(tokenHash)
      if (entries.size >= maxEntries) {
        const oldest = entries.keys().next()
        if (!oldest.done) entries.delete(oldest.value)
      }
      entries.set(tokenHash, { token, expiresAt: now() + ttlMs })
    },
    forget(tokenId) {
      for (const [hash, entry] of entries) if (entry.token.id === tokenId) entries.delete(hash)
    },
  }
}
