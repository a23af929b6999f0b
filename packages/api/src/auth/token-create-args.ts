// The arguments of `pnpm token:create` (packages/api/scripts/create-token.ts): which
// resources, which scopes, a name and an expiry, as the tokens page asks them.
import { parseArgs } from 'node:util'
import type { TokenScope } from './api-tokens.ts'

export const TOKEN_CREATE_USAGE =
  'Usage: pnpm token:create --resource <id> [--resource <id> ...] | --resource "*" --scope read|write [--scope playground] [--name <name>] [--expires <days>d | <ISO 8601 date>]'

export type TokenCreateRequest = TokenScope & { name: string; expiresAt: Date | null }

const SCOPES = ['read', 'write', 'playground'] as const
const DAY_MS = 24 * 60 * 60 * 1000

export class TokenCreateArgsError extends Error {}

function expiryOf(text: string | undefined, now: Date): Date | null {
  if (text === undefined) return null
  const days = /^(\d{1,5})d$/.exec(text)?.[1]
  const expiresAt = days === undefined ? new Date(text) : new Date(now.getTime() + Number(days) * DAY_MS)
  if (Number.isNaN(expiresAt.getTime()) || expiresAt <= now)
    throw new TokenCreateArgsError(`--expires "${text}" is not a number of days (30d) or a future date`)
  return expiresAt
}

export function parseTokenCreateArgs(argv: string[], now = new Date()): TokenCreateRequest {
  let values
  try {
    values = parseArgs({
      args: argv,
      options: {
        resource: { type: 'string', multiple: true },
        scope: { type: 'string', multiple: true },
        name: { type: 'string' },
        expires: { type: 'string' },
      },
    }).values
  } catch (error) {
    throw new TokenCreateArgsError(error instanceof Error ? error.message : String(error))
  }
  const resources = (values.resource ?? []).map((resource) => resource.trim()).filter((resource) => resource !== '')
  if (resources.length === 0) throw new TokenCreateArgsError('--resource is required: a resource id, or "*" for every resource')
  const scopes = values.scope ?? []
  const unknown = scopes.filter((scope) => !(SCOPES as readonly string[]).includes(scope))
  if (unknown.length > 0 || scopes.length === 0)
    throw new TokenCreateArgsError(`--scope takes ${SCOPES.join(', ')}${unknown.length > 0 ? `, not ${unknown.join(', ')}` : ''}`)
  const allResources = resources.includes('*')
  return {
    allResources,
    resourceIds: allResources ? [] : resources,
    canWrite: scopes.includes('write'),
    canRunRules: scopes.includes('playground'),
    name: values.name?.trim() || `token:create ${now.toISOString().slice(0, 10)}`,
    expiresAt: expiryOf(values.expires, now),
  }
}
