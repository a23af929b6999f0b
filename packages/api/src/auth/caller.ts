// Who is calling, and what they may touch. Operators (signed in to the admin
// app) see everything; an API token sees only its resources, and writes only
// when issued read+write.
import type { ResourceScopeInput } from '@threadline/engine'
import type { VerifiedApiToken } from './api-tokens.ts'

export type SignedInOperator = { id: string; email: string; name: string }

export type Caller = { kind: 'operator'; operator: SignedInOperator; sessionId: string } | { kind: 'token'; token: VerifiedApiToken }

export function canWrite(caller: Caller): boolean {
  return caller.kind === 'operator' || caller.token.canWrite
}

/** The resources a caller may touch (its tenant scope, as Memory.scopedTo takes it): all, or the token's own. */
export function callerResources(caller: Caller): ResourceScopeInput {
  if (caller.kind === 'operator' || caller.token.allResources) return 'all'
  return caller.token.resourceIds
}

/** Running custom rule code (inline or saved) takes an operator or a token with the `playground` scope. */
export function canRunRules(caller: Caller): boolean {
  return caller.kind === 'operator' || caller.token.canRunRules
}

/** The key a caller's concurrent-run cap is counted under. */
export function callerKey(caller: Caller): string {
  return caller.kind === 'operator' ? `operator:${caller.operator.id}` : `token:${caller.token.id}`
}
