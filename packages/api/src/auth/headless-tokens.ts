// API tokens without an operator session (issue 30): `pnpm token:create` on
// the server host, and the bootstrap token of THREADLINE_BOOTSTRAP_TOKEN. Both
// are ordinary rows, listed and revocable on the tokens page, attributed to the
// "server host" operator: a row no one can sign in as (it has no password).
import { randomUUID } from 'node:crypto'
import type { PrismaClient } from '@threadline/db'
import { hashApiToken, issueApiToken, visiblePrefixOf, type ApiTokenSummary, type TokenScope } from './api-tokens.ts'

const SERVER_HOST_OPERATOR = { email: 'server-host@threadline.invalid', name: 'Server host (token:create, bootstrap token)' }

/** The bootstrap token's fixed scope: every resource, read and write; not the playground (custom rule code). */
export const BOOTSTRAP_TOKEN_SCOPE: TokenScope = Object.freeze({ allResources: true, resourceIds: [], canWrite: true, canRunRules: false })
export const BOOTSTRAP_TOKEN_NAME = 'bootstrap (THREADLINE_BOOTSTRAP_TOKEN)'

/** The id of the operator headless tokens are created by, made on first use. */
async function serverHostOperatorId(prisma: PrismaClient): Promise<string> {
  const operator = await prisma.operator.upsert({
    where: { email: SERVER_HOST_OPERATOR.email },
    create: { id: randomUUID(), ...SERVER_HOST_OPERATOR },
    update: {},
    select: { id: true },
  })
  return operator.id
}

/** A new token, issued on the server host: its secret is returned once. */
export async function issueHeadlessToken(
  prisma: PrismaClient,
  input: TokenScope & { name: string; expiresAt: Date | null },
): Promise<{ token: string; summary: ApiTokenSummary }> {
  return issueApiToken(prisma, { ...input, createdById: await serverHostOperatorId(prisma) })
}

/**
 * Registers the bootstrap token (BOOTSTRAP_TOKEN_SCOPE) unless a row of it
 * exists: revoking it on the tokens page holds across restarts while the
 * variable is still set. True when it was registered now.
 */
export async function ensureBootstrapToken(prisma: PrismaClient, token: string | null): Promise<boolean> {
  if (token === null) return false
  const tokenHash = hashApiToken(token)
  if ((await prisma.apiToken.count({ where: { tokenHash } })) > 0) return false
  const createdById = await serverHostOperatorId(prisma)
  await prisma.apiToken.createMany({
    data: [{ id: randomUUID(), name: BOOTSTRAP_TOKEN_NAME, tokenHash, prefix: visiblePrefixOf(token), ...BOOTSTRAP_TOKEN_SCOPE, createdById }],
    // another instance registered it at the same moment
    skipDuplicates: true,
  })
  return true
}
