import type { LanguageModelPrompt } from '../../types.ts'
import type { CapabilityProfile } from '../profiles/capability-profile.ts'
import { targetProfiles } from '../profiles/target-profiles.ts'
import type { CompatRule } from '../types.ts'
import { messageWithContent } from './message-with-content.ts'

export const MERGE_CONSECUTIVE_ROLES = 'merge-consecutive-roles'

type PromptMessage = LanguageModelPrompt[number]

/** Whether `message` continues `previous`'s turn: two user, two assistant or two tool messages in a row. */
function continues(previous: PromptMessage | undefined, message: PromptMessage): boolean {
  return previous?.role === message.role && message.role !== 'system'
}

/** Two messages of one role as one, parts in order (the first one's providerOptions kept). */
function merged(first: PromptMessage, second: PromptMessage): PromptMessage {
  return messageWithContent(first, [...(first.content as unknown[]), ...(second.content as unknown[])] as PromptMessage['content'])
}

// module-level, not inline: an inline arrow is a new closure on every call
const requiresAlternation = (profile: CapabilityProfile) => profile.roleAlternation

/**
 * Targets that require alternating turns (Bedrock Converse): consecutive
 * user, assistant or tool messages (a cancelled turn, a deleted answer, an
 * edited history) become one message each, every part kept in order.
 */
export const mergeConsecutiveRoles: CompatRule = {
  name: MERGE_CONSECUTIVE_ROLES,
  applyToPrompt({ prompt, model }) {
    if (!targetProfiles(model).profiles.some(requiresAlternation)) return undefined
    // copied at full length at the first merge and compacted in place (`kept` messages so far): pushing onto a slice grew it by copying
    let next: PromptMessage[] | undefined
    let kept = 0
    for (let index = 0; index < prompt.length; index++) {
      const message = prompt[index]
      if (message === undefined) continue
      const previous = next === undefined ? prompt[index - 1] : next[kept - 1]
      if (!continues(previous, message) || previous === undefined) {
        if (next !== undefined) next[kept++] = message
        continue
      }
      if (next === undefined) {
        next = prompt.slice()
        kept = index
      }
      next[kept - 1] = merged(previous, message)
    }
    if (next !== undefined) next.length = kept
    return next
  },
}
