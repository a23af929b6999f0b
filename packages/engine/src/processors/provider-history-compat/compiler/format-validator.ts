import type { CapabilityProfile } from '../profiles/capability-profile.ts'

type Format = { readonly pattern: RegExp; readonly maxLength: number }

/**
 * One test for a string every profile's format accepts (pattern and length),
 * remembered per profile list and format: it runs on every tool part of every
 * call, so it iterates nothing and allocates nothing.
 */
export function formatValidator(
  profiles: readonly CapabilityProfile[],
  formatOf: (profile: CapabilityProfile) => Format,
  cache: WeakMap<readonly CapabilityProfile[], (value: string) => boolean>,
): (value: string) => boolean {
  let validator = cache.get(profiles)
  if (validator === undefined) {
    const formats = profiles.map(formatOf)
    const maxLength = Math.min(...formats.map((format) => format.maxLength))
    const patterns = [...new Set(formats.map((format) => format.pattern))]
    const [only] = patterns
    validator =
      patterns.length === 1 && only !== undefined
        ? (value) => value.length <= maxLength && only.test(value)
        : (value) => value.length <= maxLength && patterns.every((pattern) => pattern.test(value))
    cache.set(profiles, validator)
  }
  return validator
}
