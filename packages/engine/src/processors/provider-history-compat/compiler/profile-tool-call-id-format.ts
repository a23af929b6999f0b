import type { CapabilityProfile } from '../profiles/capability-profile.ts'
import { targetProfiles } from '../profiles/target-profiles.ts'
import type { CompatRule } from '../types.ts'
import { alphanumericDigest, sanitizedName } from './collision-free-renames.ts'
import { formatValidator } from './format-validator.ts'
import { everyToolPartField, renamedToolPartField, type FieldRename } from './rewrite-tool-parts.ts'

export const PROFILE_TOOL_CALL_ID_FORMAT = 'profile-tool-call-id-format'

const toolCallIdFormat = (profile: CapabilityProfile) => profile.toolCallId
const validators = new WeakMap<readonly CapabilityProfile[], (id: string) => boolean>()
/** The profiles that repair IDs before the call (all but Anthropic's, whose repair is reactive), remembered per target. */
const proactiveProfiles = new WeakMap<readonly CapabilityProfile[], readonly CapabilityProfile[]>()

function repairedBeforeCall(profiles: readonly CapabilityProfile[]): readonly CapabilityProfile[] {
  let found = proactiveProfiles.get(profiles)
  if (found === undefined) {
    found = Object.freeze(profiles.filter(({ toolCallId }) => toolCallId.repair === 'before-call'))
    proactiveProfiles.set(profiles, found)
  }
  return found
}

/**
 * The candidates for a rejected ID: a digest of the old ID when a target
 * takes only fixed-length alphanumeric IDs (Mistral), else the old ID with
 * rejected characters as `_`, cut to the shortest maximum length.
 */
function idProposer(profiles: readonly CapabilityProfile[]): (id: string, attempt: number) => string {
  let hashLength: number | undefined
  let maxLength = Infinity
  for (const { toolCallId } of profiles) {
    if (toolCallId.rewrite.kind === 'hash') hashLength = toolCallId.rewrite.length
    maxLength = Math.min(maxLength, toolCallId.maxLength)
  }
  if (hashLength !== undefined) {
    const length = hashLength
    return (id, attempt) => alphanumericDigest(attempt === 0 ? id : `${id}#${attempt}`, length)
  }
  return (id, attempt) => (attempt < 100 ? sanitizedName(id, attempt, maxLength, 'toolcall') : alphanumericDigest(`${id}#${attempt}`, Math.min(maxLength, 24)))
}

/** The test of the IDs `profiles` repair before the call, or undefined when none does (Anthropic alone: its repair is reactive). */
export function toolCallIdValidator(profiles: readonly CapabilityProfile[]): ((id: string) => boolean) | undefined {
  const repaired = repairedBeforeCall(profiles)
  return repaired.length === 0 ? undefined : formatValidator(repaired, toolCallIdFormat, validators)
}

/**
 * Every target whose profile repairs IDs before the call (all but Anthropic,
 * whose repair the spec makes reactive): rewrites the tool-call IDs it
 * rejects (Mistral: exactly nine letters or digits; Bedrock: `[a-zA-Z0-9_-]`;
 * length limits), call and result together, deterministic
 * and collision-free. Outbound prompt only: the stored IDs stay as they are.
 */
export const profileToolCallIdFormat: CompatRule = {
  name: PROFILE_TOOL_CALL_ID_FORMAT,
  applyToPrompt({ prompt, model }) {
    const rename = toolCallIdRename(model)
    if (rename === undefined || everyToolPartField(prompt, 'toolCallId', rename.isValid)) return undefined
    return renamedToolPartField(prompt, 'toolCallId', rename.isValid, rename.propose)
  },
}

const renames = new WeakMap<readonly CapabilityProfile[], FieldRename | null>()

/** The IDs `model`'s profiles repair before the call and their candidates, remembered per target; undefined when none repairs them (Anthropic alone). */
export function toolCallIdRename(model: unknown): FieldRename | undefined {
  const { profiles } = targetProfiles(model)
  let rename = renames.get(profiles)
  if (rename === undefined) {
    const isValid = toolCallIdValidator(profiles)
    rename = isValid === undefined ? null : { isValid, propose: idProposer(repairedBeforeCall(profiles)) }
    renames.set(profiles, rename)
  }
  return rename ?? undefined
}
