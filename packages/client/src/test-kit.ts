// For the client's tests: the ThreadlineError a call failed with.
import { expect } from 'vitest'
import { ThreadlineError } from './threadline-error.ts'

/** The ThreadlineError the call failed with; the test fails when it succeeded or failed otherwise. */
export async function failureOf(call: Promise<unknown>): Promise<ThreadlineError> {
  const error = await call.then(
    () => null,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(ThreadlineError)
  return error as ThreadlineError
}
