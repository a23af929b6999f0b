// The AI SDK's APICallError, as providers throw it.
import { APICallError } from '@ai-sdk/provider'

export type APICallErrorOptions = ConstructorParameters<typeof APICallError>[0]

export function apiCallError(options: APICallErrorOptions): Error {
  return new APICallError(options)
}
