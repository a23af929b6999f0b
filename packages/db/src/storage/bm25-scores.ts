// Okapi BM25 over the full-text arm's candidates (full-text.ts), in this
// process: the candidates come from the database as one row of parallel JSON arrays
// (each message's vector length and its query lexemes in tsvector text), and
// the scores are computed here. On PGlite (WebAssembly) expanding every
// candidate into one row per matched word, grouping those by word and again by
// message cost ~8 of ~14 CPU ms per query on a 1,000-message thread, and
// returning 1,000 rows through Prisma ~10 ms more; one row of arrays and this
// loop cost ~1 ms (issue 32).
import type { TextMatch } from '@threadline/engine/storage'

/**
 * Okapi BM25's k1 (Lucene's 1.2) and a weaker length normalisation b = 0.3
 * (Lucene's is 0.75): chat messages are short, and with 0.75 a one-word reply
 * ("Pizza?") outranks the message that talks about the thing. Chosen on
 * REALTALK's tuning half (b 0.75 / 0.3 / 0.1, k1 1.2 / 2): recall@10 there
 * 51.1 -> 52.9, held-out 48.3 -> 48.6, generated held-out 79.5 -> 84.8
 * (docs/recall.md). b 0.1 tuned as well (53.0) but lost on the held-out half.
 */
export const BM25 = { k1: 1.2, b: 0.3 }

/** The candidates, newest first, as parallel arrays; `hits` is each one's query lexemes with their positions, as tsvector text. */
export type TextCandidates = {
  /** the scope's message count: N of the inverse document frequency */
  scopeSize: number
  ids: string[]
  threadIds: string[]
  /** lexemes in each message's whole vector */
  lengths: number[]
  hits: string[]
}

/**
 * Calls `onTerm` with each lexeme of a tsvector's text (`'lexeme':1A,5A 'it''s':3A`:
 * quoted, quotes doubled, then its positions if any) and its term frequency:
 * its positions' count, 1 without positions. A scan, not a regular expression:
 * this runs for every candidate of every query.
 */
export function forEachTerm(tsvectorText: string, onTerm: (lexeme: string, tf: number) => void): void {
  let at = 0
  while (at < tsvectorText.length) {
    const start = tsvectorText.indexOf("'", at) + 1
    if (start === 0) return
    let end = tsvectorText.indexOf("'", start)
    // an unclosed lexeme ends the scan (checked in the loop: index -1 would read the text's first quote again, forever)
    while (end !== -1 && tsvectorText[end + 1] === "'") end = tsvectorText.indexOf("'", end + 2)
    if (end === -1) return
    const lexeme = tsvectorText.slice(start, end)
    const next = tsvectorText.indexOf(' ', end)
    const stop = next === -1 ? tsvectorText.length : next
    let tf = 1
    if (tsvectorText[end + 1] === ':') for (let i = end + 2; i < stop; i++) if (tsvectorText.charCodeAt(i) === 44 /* , */) tf++
    onTerm(lexeme, tf)
    at = stop
  }
}

/**
 * The best `topK` candidates by BM25, best first; ties: the newer first (the
 * candidates' order). Document frequencies and the average length are the
 * candidates' (exact while every match is a candidate); N is at least their count.
 */
export function rankByBm25(candidates: TextCandidates, topK: number): TextMatch[] {
  const { k1, b } = BM25
  const count = candidates.hits.length
  // every candidate's terms as (lexeme number, tf) pairs, flat; `starts[i]` is where candidate i's begin
  const lexemeNumbers = new Map<string, number>()
  const documentFrequency: number[] = []
  const termLexemes: number[] = []
  const termFrequencies: number[] = []
  const starts = new Int32Array(count + 1)
  for (let index = 0; index < count; index++) {
    starts[index] = termLexemes.length
    forEachTerm(candidates.hits[index] ?? '', (lexeme, tf) => {
      let number = lexemeNumbers.get(lexeme)
      if (number === undefined) {
        number = documentFrequency.length
        lexemeNumbers.set(lexeme, number)
        documentFrequency.push(0)
      }
      documentFrequency[number] = (documentFrequency[number] ?? 0) + 1
      termLexemes.push(number)
      termFrequencies.push(tf)
    })
  }
  starts[count] = termLexemes.length
  const n = Math.max(candidates.scopeSize, count)
  const weights = documentFrequency.map((df) => Math.log(1 + (n - df + 0.5) / (df + 0.5)))
  let totalLength = 0
  for (const length of candidates.lengths) totalLength += length
  const averageLength = Math.max(totalLength / Math.max(count, 1), 1)
  const best: { index: number; score: number }[] = []
  for (let index = 0; index < count; index++) {
    const from = starts[index] ?? 0
    const to = starts[index + 1] ?? 0
    if (from === to) continue
    const norm = k1 * (1 - b + (b * (candidates.lengths[index] ?? 0)) / averageLength)
    let score = 0
    for (let term = from; term < to; term++) {
      const tf = termFrequencies[term] ?? 0
      score += ((weights[termLexemes[term] ?? 0] ?? 0) * (tf * (k1 + 1))) / (tf + norm)
    }
    // kept best first; a later candidate (older) goes after an equal score
    if (best.length === topK && score <= (best.at(-1)?.score ?? 0)) continue
    let place = best.length
    while (place > 0 && (best[place - 1]?.score ?? 0) < score) place--
    best.splice(place, 0, { index, score })
    if (best.length > topK) best.pop()
  }
  return best.map(({ index, score }) => ({ messageId: candidates.ids[index] ?? '', threadId: candidates.threadIds[index] ?? '', score }))
}
