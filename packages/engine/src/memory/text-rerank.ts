// Re-ranking of the full-text arm's matches with what a message's words do not
// say (issue 32), each step measured on REALTALK's tuning half (real chats,
// bench/recall-quality.ts) and kept because it did not hurt the generated set:
// - a question naming a day ("on 29 Dec 2023", "on 10.01.2024") favours the
//   messages written that day or in the two days after: people tell about a day
//   on it or shortly after. recall@10 52.9 -> 54.6 there, generated unchanged.
// - the best matches lend a share of their score to their conversation
//   neighbours that are matches too: in a chat the answer is often the reply next
//   to the turn that names the thing ("Did you make the pasta?" / "Yes, the ham
//   pasta"). 54.6 -> 55.6, generated +2.4. Lending to every neighbour, matches or
//   not, scored 56.0, but then a search returns messages holding none of its
//   words (even an excluded one), which recall shows as context anyway.
// - a question naming a participant ("What are Elise's hobbies?") favours what
//   that participant wrote: people are asked about what they said themselves,
//   and the name is rarely in their own turns (only in the turns addressing
//   them). A message's participant is `content.metadata.speaker`, where an app
//   storing a conversation between people puts who wrote it; messages without
//   one are never boosted. 55.6 -> 60.3, generated unchanged (no speakers);
//   x1.5 / 2 / 3 / 4 / 6 scored 58.6 / 59.1 / 60.3 / 60.3 / 60.3.
import type { StoredMessage } from '../messages/types.ts'
import type { RankedMatch } from './fusion.ts'

/** A match named by the query's date gets its score times this. */
export const NAMED_DAY_BOOST = 2
/** Days after a named day that still count as "about" it. */
export const NAMED_DAY_FOLLOWING_DAYS = 2
/** A match written by a participant the query names gets its score times this. */
export const NAMED_SPEAKER_BOOST = 3
/** The best matches whose neighbours share their score, and the share. */
export const NEIGHBOUR_SOURCES = 5
export const NEIGHBOUR_SHARE = 0.3

const DAY_MS = 86_400_000
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']
const MONTH = String.raw`(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?`
const ORDINAL = String.raw`(\d{1,2})(?:st|nd|rd|th)?`

/** '29 Dec 2023', '5th of January, 2024', 'January 6 2024', 'December 23rd, 2023', '10.01.2024' (day first), '2024-01-10'. */
const DAY_PATTERNS: { pattern: RegExp; parts: (m: RegExpExecArray) => (string | undefined)[] }[] = [
  { pattern: new RegExp(String.raw`\b${ORDINAL}(?:\s+of)?\s+${MONTH},?\s+(\d{4})\b`, 'g'), parts: (m) => [m[3], m[2], m[1]] },
  { pattern: new RegExp(String.raw`\b${MONTH}\s+${ORDINAL},?\s+(\d{4})\b`, 'g'), parts: (m) => [m[3], m[1], m[2]] },
  { pattern: /\b(\d{1,2})\.(\d{1,2})\.(\d{4})\b/g, parts: (m) => [m[3], m[2], m[1]] },
  { pattern: /\b(\d{4})-(\d{2})-(\d{2})\b/g, parts: (m) => [m[1], m[2], m[3]] },
]

/** The UTC start of every calendar day the query names (none for most queries). */
export function namedDays(query: string): Date[] {
  const text = query.toLowerCase()
  const days: Date[] = []
  for (const { pattern, parts } of DAY_PATTERNS) {
    for (const match of text.matchAll(pattern)) {
      const [year, month, day] = parts(match)
      const monthIndex = MONTHS.includes(month ?? '') ? MONTHS.indexOf(month ?? '') : Number(month) - 1
      const date = new Date(Date.UTC(Number(year), monthIndex, Number(day)))
      // 31.02.2024 would roll over into March: not a day
      if (date.getUTCMonth() === monthIndex && date.getUTCDate() === Number(day)) days.push(date)
    }
  }
  return days
}

function isAboutNamedDay(createdAt: Date, days: Date[]): boolean {
  const time = createdAt.getTime()
  return days.some((day) => time >= day.getTime() && time < day.getTime() + (NAMED_DAY_FOLLOWING_DAYS + 1) * DAY_MS)
}

/** Who wrote `message` in a conversation between people: `content.metadata.speaker`, when the app stores one. */
export function messageSpeaker(message: StoredMessage): string | undefined {
  const speaker = message.content.metadata?.speaker
  return typeof speaker === 'string' && speaker.trim() !== '' ? speaker : undefined
}

function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []
}

/** The speakers of `messages` the query names by one of their names' words ('Fahim Khan' by "Fahim" or "Khan"; "Elise's" names 'elise'). */
export function namedSpeakers(query: string, messages: StoredMessage[]): Set<string> {
  const queryWords = new Set(words(query))
  const speakers = new Set(messages.map(messageSpeaker).filter((speaker) => speaker !== undefined))
  return new Set([...speakers].filter((speaker) => words(speaker).some((word) => queryWords.has(word))))
}

/** The closest message of `around` before (step -1) or after (1) index `from` in the same sequence: its neighbour there. */
function nearest(
  around: StoredMessage[],
  from: number,
  step: -1 | 1,
  sameSequence: (a: StoredMessage, b: StoredMessage) => boolean,
): StoredMessage | undefined {
  const anchor = around[from]
  if (anchor === undefined) return undefined
  for (let index = from + step; index >= 0 && index < around.length; index += step) {
    const message = around[index]
    if (message !== undefined && sameSequence(anchor, message)) return message
  }
  return undefined
}

/**
 * `matches` (best first) re-ranked: boosted when written on a day the query
 * names, and when written by a participant it names, then each of the best NEIGHBOUR_SOURCES lends NEIGHBOUR_SHARE of its
 * score to the messages just before and after it that are matches too (no
 * message joins the list).
 * `around` is the matches with one neighbour each side (listMessagesAround, in
 * (createdAt, id) order); `sameSequence` says whether two messages of it can be
 * neighbours (a resource's threads are separate conversations). Ties: newer first.
 */
export function rerankTextMatches(
  query: string,
  matches: RankedMatch[],
  around: StoredMessage[],
  sameSequence: (a: StoredMessage, b: StoredMessage) => boolean,
): RankedMatch[] {
  const days = namedDays(query)
  const speakers = namedSpeakers(query, around)
  const byId = new Map(around.map((message, index) => [message.id, { message, index }]))
  const scored = new Map<string, RankedMatch>()
  for (const match of matches) {
    const message = byId.get(match.messageId)?.message
    const dayBoost = message !== undefined && isAboutNamedDay(message.createdAt, days) ? NAMED_DAY_BOOST : 1
    const speaker = message === undefined ? undefined : messageSpeaker(message)
    const speakerBoost = speaker !== undefined && speakers.has(speaker) ? NAMED_SPEAKER_BOOST : 1
    scored.set(match.messageId, { ...match, score: match.score * dayBoost * speakerBoost })
  }
  const sources = [...scored.values()].sort((a, b) => b.score - a.score).slice(0, NEIGHBOUR_SOURCES)
  for (const source of sources) {
    const anchor = byId.get(source.messageId)
    if (anchor === undefined) continue
    for (const neighbour of [nearest(around, anchor.index, -1, sameSequence), nearest(around, anchor.index, 1, sameSequence)]) {
      const seen = neighbour === undefined ? undefined : scored.get(neighbour.id)
      if (seen !== undefined) scored.set(seen.messageId, { ...seen, score: seen.score + NEIGHBOUR_SHARE * source.score })
    }
  }
  const createdAt = (id: string) => byId.get(id)?.message.createdAt.getTime() ?? 0
  return [...scored.values()].sort((a, b) => b.score - a.score || createdAt(b.messageId) - createdAt(a.messageId) || (a.messageId < b.messageId ? 1 : -1))
}
