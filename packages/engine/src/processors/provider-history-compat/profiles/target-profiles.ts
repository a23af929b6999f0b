import { modelFamilies, type ModelFamily } from '../../../models/model-family.ts'
import type { CapabilityProfile } from './capability-profile.ts'
import { capabilityProfiles } from './profiles.ts'

/** The profiles a prompt must satisfy: one per model (a fallback list has several; the compiler meets all of them). */
export type TargetProfiles = { readonly families: readonly ModelFamily[]; readonly profiles: readonly CapabilityProfile[] }

// Detection runs for every rule on every call: remember it per model (strings are few; objects are held weakly).
const byObject = new WeakMap<object, TargetProfiles>()
const byString = new Map<string, TargetProfiles>()
const MAX_REMEMBERED_STRINGS = 256

function detect(model: unknown): TargetProfiles {
  const families = modelFamilies(model)
  return Object.freeze({ families: Object.freeze(families), profiles: Object.freeze(families.map(({ family }) => capabilityProfiles[family])) })
}

/** The capability profiles of `model` (any form the engine accepts); the conservative default for an unknown one. Never throws. */
export function targetProfiles(model: unknown): TargetProfiles {
  if (typeof model === 'string') {
    let found = byString.get(model)
    if (found === undefined) {
      if (byString.size >= MAX_REMEMBERED_STRINGS) byString.clear()
      found = detect(model)
      byString.set(model, found)
    }
    return found
  }
  if (model === null || typeof model !== 'object') return detect(model)
  let found = byObject.get(model)
  if (found === undefined) {
    found = detect(model)
    byObject.set(model, found)
  }
  return found
}
