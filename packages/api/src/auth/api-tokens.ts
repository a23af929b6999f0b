// Bearer API tokens for app backends. A token is 32 random bytes shown once at
// issue; only its SHA-256 is stored (a high-entropy secret needs no slow hash),
// so a database leak does not leak usable tokens.
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import type { PrismaClient } from '@threadline/db'

/** Every token starts with this, so secret scanners and people can recognise one. */
export const API_TOKEN_PREFIX = 'tl_'
/** characters of the token kept in clear to tell tokens apart in lists */
const VISIBLE_PREFIX_LENGTH = API_TOKEN_PREFIX.length + 6

/** `canRunRules` is the `playground` scope: running custom rule code in the sandbox. */
export type TokenScope = { allResources: boolean; resourceIds: string[]; canWrite: boolean; canRunRules: boolean }

export type ApiTokenSummary = TokenScope & {
  id: string
  name: string
  prefix: string
  createdById: string
  createdAt: Date
  expiresAt: Date | null
  lastUsedAt: Date | null
  revokedAt: Date | null
}

/** The token a request presented, once verified: usable now. */
export type VerifiedApiToken = TokenScope & { id: string; name: string }

/** The start of a token kept in clear (`prefix`), to tell tokens apart in lists. */
export function visiblePrefixOf(token: string): string {
  return token.slice(0, VISIBLE_PREFIX_LENGTH)
}

export function hashApiToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex')
}

export async function issueApiToken(
  prisma: PrismaClient,
  input: Omit<TokenScope, 'canRunRules'> & { canRunRules?: boolean; name: string; createdById: string; expiresAt: Date | null },
): Promise<{ token: string; summary: ApiTokenSummary }> {
  const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`
  const row = await prisma.apiToken.create({
    data: {
      id: randomUUID(),
      name: input.name,
      tokenHash: hashApiToken(token),
      prefix: visiblePrefixOf(token),
      allResources: input.allResources,
      resourceIds: input.allResources ? [] : [...new Set(input.resourceIds)].sort(),
      canWrite: input.canWrite,
      canRunRules: input.canRunRules ?? false,
      createdById: input.createdById,
      expiresAt: input.expiresAt,
    },
    omit: { tokenHash: true },
  })
  return { token, summary: row }
}

export function listApiTokens(prisma: PrismaClient): Promise<ApiTokenSummary[]> {
  return prisma.apiToken.findMany({ orderBy: [{ createdAt: 'desc' }, { id: 'asc' }], omit: { tokenHash: true } })
}

/** Marks a token revoked (the row stays for the audit trail; revoking twice keeps the first time); null when there is no such token. */
export async function revokeApiToken(prisma: PrismaClient, id: string): Promise<ApiTokenSummary | null> {
  await prisma.apiToken.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: new Date() } })
  return prisma.apiToken.findUnique({ where: { id }, omit: { tokenHash: true } })
}

/** What operators do with tokens, bound to one database (the routers' view: no Prisma in sight). */
export type ApiTokenStore = {
  issue(input: Parameters<typeof issueApiToken>[1]): ReturnType<typeof issueApiToken>
  list(): Promise<ApiTokenSummary[]>
  revoke(id: string): Promise<ApiTokenSummary | null>
}

/** `onRevoked`: drops what this process keeps of a revoked token (its rate-limit lease, its cached verification) */
export function apiTokenStore(prisma: PrismaClient, onRevoked: (id: string) => void): ApiTokenStore {
  return {
    issue: (input) => issueApiToken(prisma, input),
    list: () => listApiTokens(prisma),
    async revoke(id) {
      const revoked = await revokeApiToken(prisma, id)
      onRevoked(id)
      return revoked
    },
  }
}

/**
 * The token behind a presented secret when it exists, is not revoked and has
 * not expired. Its use is recorded by the rate limiter's statement (rate-limiter.ts).
 */
export async function verifyApiToken(prisma: PrismaClient, presented: string, now = new Date()): Promise<VerifiedApiToken | null> {
  if (!presented.startsWith(API_TOKEN_PREFIX)) return null
  const row = await prisma.apiToken.findUnique({ where: { tokenHash: hashApiToken(presented) } })
  if (row?.revokedAt !== null || (row.expiresAt !== null && row.expiresAt <= now)) return null
  return { id: row.id, name: row.name, allResources: row.allResources, resourceIds: row.resourceIds, canWrite: row.canWrite, canRunRules: row.canRunRules }
}
