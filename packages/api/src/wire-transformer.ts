// The tRPC transformer: superjson, except for answer fields that are plain JSON
// by construction (a clone's message id map: string keys, string values).
// superjson walks every value looking for Dates, Maps and the like; for the
// 50k-entry id map of a long clone that walk blocked the server thread ~50 ms
// on top of JSON.stringify's ~35 ms (issue 17, B4). A marked field is taken
// out before the walk and put back, as it is, into the JSON half of the answer;
// the wire format is superjson's, so every superjson client reads it unchanged.
import superjson from 'superjson'

const plainJsonValues = new WeakSet<object>()

/** Marks `value` as plain JSON (only strings, numbers, booleans, null, arrays and plain objects): a top-level answer field so marked skips superjson's walk. */
export function plainJson<T extends object>(value: T): T {
  plainJsonValues.add(value)
  return value
}

const isMarked = (value: unknown): value is object => typeof value === 'object' && value !== null && plainJsonValues.has(value)

function serialize(value: unknown): ReturnType<typeof superjson.serialize> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return superjson.serialize(value)
  const marked = Object.entries(value).filter(([, field]) => isMarked(field))
  if (marked.length === 0) return superjson.serialize(value)
  const rest: Record<string, unknown> = { ...value }
  for (const [key] of marked) rest[key] = null
  const serialized = superjson.serialize(rest)
  const json = serialized.json as Record<string, unknown>
  for (const [key, field] of marked) json[key] = field
  return serialized
}

/** Read in place: what it reads was parsed just now (a request's input, a stored answer's row) and nothing else holds it; superjson would deep-copy it first (~0.2 ms per 100-message save). */
const deserialize: typeof superjson.deserialize = (payload) => superjson.deserialize(payload, { inPlace: true })

export const wireTransformer = { serialize, deserialize }
