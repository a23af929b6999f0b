import type { CapabilityProfile } from '../profiles/capability-profile.ts'
import { targetProfiles } from '../profiles/target-profiles.ts'
import type { CompatRule } from '../types.ts'
import { sanitizedName } from './collision-free-renames.ts'
import { formatValidator } from './format-validator.ts'
import { everyToolPartField, renamedToolPartField, type FieldRename } from './rewrite-tool-parts.ts'

export const PROFILE_TOOL_NAME_FORMAT = 'profile-tool-name-format'

const toolNameFormat = (profile: CapabilityProfile) => profile.toolName
const validators = new WeakMap<readonly CapabilityProfile[], (name: string) => boolean>()

/** The test of tool names every one of `profiles` accepts. */
export function toolNameValidator(profiles: readonly CapabilityProfile[]): (name: string) => boolean {
  return formatValidator(profiles, toolNameFormat, validators)
}

/**
 * Every target: tool names in the history's calls and results that the
 * target rejects (Bedrock: `[a-zA-Z0-9_-]{1,64}`) become `_`-sanitised names,
 * the same in a call and its result, deterministic and collision-free. The
 * tool DEFINITIONS of the call are not renamed: a renamed definition would
 * make the model answer with a name the app does not know, and mapping
 * returned calls back is not possible from a prompt rule. A tool the app
 * still defines under a rejected name is refused by the provider as before.
 */
export const profileToolNameFormat: CompatRule = {
  name: PROFILE_TOOL_NAME_FORMAT,
  applyToPrompt({ prompt, model }) {
    const rename = toolNameRename(model)
    if (everyToolPartField(prompt, 'toolName', rename.isValid)) return undefined
    return renamedToolPartField(prompt, 'toolName', rename.isValid, rename.propose)
  },
}

const renames = new WeakMap<readonly CapabilityProfile[], FieldRename>()

/** The tool names `model`'s profiles accept and the candidates for the others, remembered per target. */
export function toolNameRename(model: unknown): FieldRename {
  const { profiles } = targetProfiles(model)
  let rename = renames.get(profiles)
  if (rename === undefined) {
    const maxLength = Math.min(...profiles.map(({ toolName }) => toolName.maxLength))
    rename = {
      isValid: toolNameValidator(profiles),
      propose: (name, attempt) => {
        const sanitized = sanitizedName(name, attempt, maxLength, 'tool')
        // Gemini's names start with a letter or `_`
        return /^[a-zA-Z_]/.test(sanitized) ? sanitized : `_${sanitized}`.slice(0, maxLength)
      },
    }
    renames.set(profiles, rename)
  }
  return rename
}
