import type { LanguageModelV3ReasoningPart } from '@ai-sdk/provider'
import type { CapabilityProfile, ProviderFamily } from '../profiles/capability-profile.ts'
import { targetProfiles } from '../profiles/target-profiles.ts'
import { stripAssistantReasoning } from '../strip-assistant-reasoning.ts'
import type { CompatRule } from '../types.ts'
import type { ReasoningStripPredicate } from './rewrite-message-parts.ts'

export const PROFILE_STRIP_REASONING = 'profile-strip-reasoning'

/** Families whose reasoning has its own built-in rule (the spec's names); selecting those rules off must leave their reasoning alone. */
const FAMILIES_WITH_OWN_RULE: ReadonlySet<ProviderFamily> = new Set(['anthropic', 'cerebras'])

function isNative(profile: CapabilityProfile, part: LanguageModelV3ReasoningPart): boolean {
  const native = profile.reasoning.native
  const options = native === undefined ? undefined : part.providerOptions?.[native.key]
  if (options === undefined || native === undefined) return false
  // eslint-disable-next-line @typescript-eslint/prefer-for-of -- runs for every reasoning part of every call
  for (let index = 0; index < native.fields.length; index++) if (typeof options[native.fields[index] ?? ''] === 'string') return true
  return false
}

/** Whether a profile that strips some reasoning (stripsSomeReasoning) refuses (or cannot use) this reasoning part. */
function refuses(profile: CapabilityProfile, part: LanguageModelV3ReasoningPart): boolean {
  if (profile.reasoning.own === 'strip') return true
  return profile.reasoning.foreign !== 'accepted' && !isNative(profile, part)
}

/** Whether this rule strips any reasoning for a profile (module-level: an inline arrow is a new closure on every call). */
function stripsSomeReasoning(profile: CapabilityProfile): boolean {
  return !FAMILIES_WITH_OWN_RULE.has(profile.family) && (profile.reasoning.own === 'strip' || profile.reasoning.foreign !== 'accepted')
}

/**
 * Every target by its profile: removes the assistant reasoning it cannot take
 * back (all of it where `own` is `strip`; another provider's where `foreign`
 * is `strip` or `needs-signature`), for this call only. Anthropic and
 * Cerebras keep their own built-in rules.
 */
export const profileStripReasoning: CompatRule = {
  name: PROFILE_STRIP_REASONING,
  applyToPrompt({ prompt, model }) {
    const refused = refusedReasoning(model)
    return refused === undefined ? undefined : stripAssistantReasoning(prompt, refused)
  },
}

const refusedByTarget = new WeakMap<readonly CapabilityProfile[], ReasoningStripPredicate | null>()

/** The reasoning parts `model`'s profiles refuse, or undefined when they refuse none; remembered per target (nothing allocated per call). */
export function refusedReasoning(model: unknown): ReasoningStripPredicate | undefined {
  const { profiles } = targetProfiles(model)
  let refused = refusedByTarget.get(profiles)
  if (refused === undefined) {
    // only the profiles that strip something are asked, for every reasoning part of every call
    const stripping = Object.freeze(profiles.filter(stripsSomeReasoning))
    refused = stripping.length === 0 ? null : (part) => someRefuses(stripping, part)
    refusedByTarget.set(profiles, refused)
  }
  return refused ?? undefined
}

/** Whether one of `profiles` refuses `part`; a loop, not `profiles.some(…)`, whose arrow was a new closure for every reasoning part. */
function someRefuses(profiles: readonly CapabilityProfile[], part: LanguageModelV3ReasoningPart): boolean {
  // eslint-disable-next-line @typescript-eslint/prefer-for-of -- runs for every reasoning part of every call
  for (let index = 0; index < profiles.length; index++) {
    const profile = profiles[index]
    if (profile !== undefined && refuses(profile, part)) return true
  }
  return false
}
