// ProviderHistoryCompat with its proactive rules off: the switch matrix and the
// wire tests use it to prove that each reactive rule alone repairs what the
// compiler would have fixed before the first request.
import type { Processor } from '../types.ts'
import type { ProviderHistoryCompat } from './provider-history-compat.ts'

/** Only `compat`'s reactive repair on an API error; the outbound prompt goes out as stored. */
export function reactiveOnly(compat: ProviderHistoryCompat): Processor {
  return { id: compat.id, name: `${compat.name} (reactive rules only)`, processAPIError: (args) => compat.processAPIError(args) }
}
