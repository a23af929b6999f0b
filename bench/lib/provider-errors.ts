// The AI SDK's APICallError, as providers throw it. bench/ has no node_modules,
// so the class is loaded from the engine package that depends on @ai-sdk/provider.
import { requireFrom } from './workspace-require.ts'

export type APICallErrorOptions = {
  message: string
  url: string
  requestBodyValues: unknown
  statusCode?: number
  responseHeaders?: Record<string, string>
  responseBody?: string
  cause?: unknown
  isRetryable?: boolean
}

const { APICallError } = requireFrom('packages/engine')('@ai-sdk/provider') as { APICallError: new (options: APICallErrorOptions) => Error }

export function apiCallError(options: APICallErrorOptions): Error {
  return new APICallError(options)
}
