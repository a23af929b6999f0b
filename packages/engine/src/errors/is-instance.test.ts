import { describe, expect, it } from 'vitest'
import {
  InvalidCloneOptionsError,
  InvalidInputError,
  InvalidStreamErrorRetryOptionsError,
  MessageAlreadyExistsError,
  MessageNotFoundError,
  ModelResolutionError,
  ProviderStreamError,
  ResourceOutOfScopeError,
  StorageError,
  ThreadAlreadyExistsError,
  ThreadlineError,
  ThreadNotFoundError,
  VectorExtensionMissingError,
} from './index.ts'
import { EmbeddingError } from '../embedders/embed-in-batches.ts'
import { SandboxedRuleError } from '../rules-sandbox/sandboxed-rule-error.ts'

/**
 * What another copy of the engine (a second bundle, another version) would
 * throw: a plain object with the same markers, not made by these classes.
 */
function secondCopyOf(error: Error): object {
  const copy: Record<PropertyKey, unknown> = { name: error.name, message: error.message }
  for (const key of Object.getOwnPropertySymbols(error)) copy[key] = (error as unknown as Record<symbol, unknown>)[key]
  return copy
}

const errors = [
  new ThreadNotFoundError('t'),
  new ThreadAlreadyExistsError('t'),
  new ResourceOutOfScopeError('r'),
  new MessageNotFoundError(['m']),
  new MessageAlreadyExistsError(['m']),
  new InvalidInputError('threadId', 'must not be empty'),
  new InvalidCloneOptionsError('options.messageLimit', 'must not be negative'),
  new InvalidStreamErrorRetryOptionsError([{ path: 'maxRetries', message: 'must be 0 or more' }]),
  new StorageError('write failed'),
  new VectorExtensionMissingError('no pgvector'),
  new ModelResolutionError('x', 'unknown provider'),
  new ProviderStreamError('overloaded', { type: 'error' }),
  new EmbeddingError('e', 'wrong size'),
  new SandboxedRuleError('timeout', 'r', 'ran past 100 ms'),
]

describe('isInstance', () => {
  it.each(errors.map((error) => [error.name, error] as const))('recognises a %s from another copy of the engine', (_name, error) => {
    const copy = secondCopyOf(error)
    expect(copy).not.toBeInstanceOf(ThreadlineError)
    const Class = error.constructor as typeof ThreadlineError
    expect(Class.isInstance(copy)).toBe(true)
    expect(ThreadlineError.isInstance(copy)).toBe(true)
  })

  it('tells the classes apart', () => {
    for (const error of errors) {
      const matching = errors.filter((other) => (other.constructor as typeof ThreadlineError).isInstance(error))
      // an error matches its own class and, for the input family, InvalidInputError
      const expected = InvalidInputError.isInstance(error) && !(error.constructor === InvalidInputError) ? 2 : 1
      expect(matching).toHaveLength(expected)
    }
  })

  it('counts the input family as InvalidInputErrors', () => {
    expect(InvalidInputError.isInstance(new InvalidCloneOptionsError('options', 'bad'))).toBe(true)
    expect(InvalidInputError.isInstance(new InvalidStreamErrorRetryOptionsError([{ path: '', message: 'must be an object' }]))).toBe(true)
    expect(InvalidCloneOptionsError.isInstance(new InvalidInputError('threadId', 'bad'))).toBe(false)
  })

  it('rejects look-alikes without the marker, and non-objects', () => {
    expect(ThreadNotFoundError.isInstance({ name: 'ThreadNotFoundError', code: 'THREAD_NOT_FOUND', threadId: 't' })).toBe(false)
    expect(ThreadlineError.isInstance(new Error('plain'))).toBe(false)
    expect(ThreadlineError.isInstance(null)).toBe(false)
    expect(ThreadlineError.isInstance('THREAD_NOT_FOUND')).toBe(false)
  })
})
