import type { CapabilityProfile } from '../profiles/capability-profile.ts'
import { targetProfiles } from '../profiles/target-profiles.ts'
import type { CompatRule } from '../types.ts'
import { rewriteMessageParts } from './rewrite-message-parts.ts'

export const MERGE_CONSECUTIVE_ROLES = 'merge-consecutive-roles'

// module-level, not inline: an inline arrow is a new closure on every call
const requiresAlternation = (profile: CapabilityProfile) => profile.roleAlternation

/** Whether `model`'s profiles require alternating turns. */
export function mergesRoles(model: unknown): boolean {
  return targetProfiles(model).profiles.some(requiresAlternation)
}

/**
 * Targets that require alternating turns (Bedrock Converse): consecutive
 * user, assistant or tool messages (a cancelled turn, a deleted answer, an
 * edited history) become one message each, every part kept in order
 * (rewrite-message-parts.ts).
 */
export const mergeConsecutiveRoles: CompatRule = {
  name: MERGE_CONSECUTIVE_ROLES,
  applyToPrompt({ prompt, model }) {
    if (!mergesRoles(model)) return undefined
    // with no rename, the pass never gives up
    const next = rewriteMessageParts(prompt, undefined, undefined, undefined, true)
    return next === prompt ? undefined : next
  },
}
