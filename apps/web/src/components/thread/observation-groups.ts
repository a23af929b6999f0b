import { splitObservationRange } from '@threadline/engine'

// Observational memory text as the operator reads it: the observer's
// `<observation-group range="first:last">…</observation-group>` elements
// become sections whose range names the messages they came from.

export type ObservationSegment =
  | { kind: 'text'; text: string }
  /** `range`: the first and last message ids, when the range splits into two ids of this thread (else null, `rawRange` as written) */
  | { kind: 'group'; range: readonly [string, string] | null; rawRange: string | null; text: string }

const GROUP = /<observation-group\b([^>]*)>([\s\S]*?)<\/observation-group>/g
const RANGE_ATTRIBUTE = /\srange="([^"]*)"/

/** The text split into free text and observation groups, in order; blank text between groups is left out. */
export function observationSegments(text: string, isMessageHere: (id: string) => boolean): ObservationSegment[] {
  const segments: ObservationSegment[] = []
  const pushText = (value: string) => {
    const trimmed = value.trim()
    if (trimmed !== '') segments.push({ kind: 'text', text: trimmed })
  }
  let last = 0
  for (const match of text.matchAll(GROUP)) {
    pushText(text.slice(last, match.index))
    const rawRange = RANGE_ATTRIBUTE.exec(match[1] ?? '')?.[1] ?? null
    const range = rawRange === null ? null : (splitObservationRange(rawRange, isMessageHere) ?? null)
    segments.push({ kind: 'group', range, rawRange, text: (match[2] ?? '').trim() })
    last = match.index + match[0].length
  }
  pushText(text.slice(last))
  return segments
}
