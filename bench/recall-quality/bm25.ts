// The floor of `pnpm bench recall-quality`: plain Okapi BM25 (k1 = 1.2, b = 0.75,
// Lucene's IDF) over the same message texts, computed in the benchmark's own
// process. The analyzer is Lucene's classic English one in miniature: lower-case
// letter/digit runs, its 33 stop words, and plural -s stripping.
const STOP_WORDS = new Set(
  'a an and are as at be but by for if in into is it no not of on or such that the their then there these they this to was will with'.split(' '),
)

export function analyze(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])
    .filter((token) => !STOP_WORDS.has(token))
    .map((token) => (token.length > 3 && token.endsWith('s') && !token.endsWith('ss') ? token.slice(0, -1) : token))
}

export type Bm25Index = { search(query: string, topK: number): string[] }

/** An index of `documents` (id -> text); `search` returns ids, best first (ties by id). */
export function bm25Index(documents: { id: string; text: string }[], k1 = 1.2, b = 0.75): Bm25Index {
  const docs = documents.map((document) => {
    const terms = new Map<string, number>()
    const tokens = analyze(document.text)
    for (const token of tokens) terms.set(token, (terms.get(token) ?? 0) + 1)
    return { id: document.id, terms, length: tokens.length }
  })
  const averageLength = docs.reduce((sum, doc) => sum + doc.length, 0) / Math.max(1, docs.length)
  const documentFrequency = new Map<string, number>()
  for (const doc of docs) for (const term of doc.terms.keys()) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1)
  const idf = (term: string) => {
    const n = documentFrequency.get(term) ?? 0
    return Math.log(1 + (docs.length - n + 0.5) / (n + 0.5))
  }
  return {
    search(query, topK) {
      const terms = [...new Set(analyze(query))]
      return docs
        .map((doc) => ({
          id: doc.id,
          score: terms.reduce((sum, term) => {
            const tf = doc.terms.get(term) ?? 0
            return tf === 0 ? sum : sum + (idf(term) * tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * doc.length) / averageLength))
          }, 0),
        }))
        .filter((scored) => scored.score > 0)
        .sort((x, y) => y.score - x.score || (x.id < y.id ? -1 : 1))
        .slice(0, topK)
        .map((scored) => scored.id)
    },
  }
}
