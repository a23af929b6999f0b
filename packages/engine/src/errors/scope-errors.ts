import { hasErrorMarker, ThreadlineError } from './threadline-error.ts'

const outOfScope = Symbol.for('threadline.error.ResourceOutOfScopeError')

/**
 * A resource the caller named is outside its scope (Memory.scopedTo). Unlike an
 * out-of-scope thread (ThreadNotFoundError, as for an unknown one), this hides
 * nothing: the caller named the resource, and its own scope is no secret to it.
 */
export class ResourceOutOfScopeError extends ThreadlineError {
  private readonly [outOfScope] = true
  readonly resourceId: string
  constructor(resourceId: string) {
    super('RESOURCE_OUT_OF_SCOPE', `Resource "${resourceId}" is outside this caller's scope`, { field: 'resourceId' })
    this.resourceId = resourceId
  }

  static override isInstance(value: unknown): value is ResourceOutOfScopeError {
    return hasErrorMarker(value, outOfScope)
  }
}
