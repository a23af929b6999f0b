// One assertSafeInput call on a messages.save input of N messages as the API
// receives it (parsed JSON), for its allocation count (bench/lib/allocations.test.ts).
import { assertSafeInput } from '@threadline/engine'
import { conversation } from './messages.ts'

export function safeInputCall({ size }: { size: number }): () => void {
  const input: unknown = JSON.parse(JSON.stringify({ messages: conversation({ threadId: 'safe-input', resourceId: 'safe-input', count: size }) }))
  return () => assertSafeInput(input)
}
