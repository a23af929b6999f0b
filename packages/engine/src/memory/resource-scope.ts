// A caller's tenant scope as a value: the resources it may touch. Every scope
// check of a scoped Memory (and of the API's listings) asks this one object.
import { ResourceOutOfScopeError } from '../errors/scope-errors.ts'
import { InvalidInputError } from '../errors/input-errors.ts'

/** Every resource ('all'), or these. */
export type ResourceScopeInput = 'all' | readonly string[]

export type ResourceScope = {
  /** null: every resource (the scope's own array: read it, do not change it) */
  readonly resourceIds: string[] | null
  includes(resourceId: string): boolean
  /** the resource when in scope; ResourceOutOfScopeError otherwise */
  require(resourceId: string): string
  /** what a listing covers: the named resource (when in scope), else every resource in scope (null: all) */
  listed(resourceId: string | undefined): string[] | null
  /**
   * The one resource a single-resource listing covers: the named one (when in
   * scope), the scope's only one, or none (undefined: all); any other scope
   * must name one (InvalidInputError).
   */
  single(resourceId: string | undefined): string | undefined
}

export function resourceScope(input: ResourceScopeInput): ResourceScope {
  const resourceIds = input === 'all' ? null : [...new Set(input)]
  const members = resourceIds === null ? null : new Set(resourceIds)
  const includes = (resourceId: string) => members === null || members.has(resourceId)
  const require = (resourceId: string) => {
    if (!includes(resourceId)) throw new ResourceOutOfScopeError(resourceId)
    return resourceId
  }
  return {
    resourceIds,
    includes,
    require,
    listed: (resourceId) => (resourceId === undefined ? resourceIds : [require(resourceId)]),
    single: (resourceId) => {
      if (resourceId !== undefined) return require(resourceId)
      if (resourceIds === null) return undefined
      if (resourceIds.length === 1) return resourceIds[0]
      throw new InvalidInputError('resourceId', "is required: name one of this scope's resources")
    },
  }
}
