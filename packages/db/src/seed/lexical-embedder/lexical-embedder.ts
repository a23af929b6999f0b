import { addHashedFeature } from './feature-hash.ts'
import { contentStems, tokenize } from './text-features.ts'
import type { Embedder } from '@threadline/engine'

// A LEXICAL embedder: hashed word unigrams and bigrams plus character trigrams.
// It is not a language model and knows no meaning: two texts are close when
// they share words, word forms (the stemmer) or spellings (the trigrams, which
// also catch typos). No network, no model download, deterministic. The server
// does not use it (recall without an embedding model is PostgreSQL full-text
// search); it serves tests and benchmarks that need vectors offline, and
// bench/recall-quality.ts measures what it adds to full-text search.

export const LEXICAL_EMBEDDER_DIMENSIONS = 384
export const LEXICAL_EMBEDDER_ID = `threadline/lexical-ngrams-${LEXICAL_EMBEDDER_DIMENSIONS}`

// Relative weights of the feature families: words carry most, character
// trigrams least (they only rescue typos and word forms the stemmer misses).
const WEIGHTS = { word: 1, bigram: 0.5, trigram: 0.25 }
// Heavier features are spread over more slots (see addHashedFeature).
const SLOTS = { word: 2, bigram: 1, trigram: 1 }

/** Character trigrams of a token with word-boundary marks: 'cat' -> '#ca', 'cat', 'at#'. */
function trigrams(token: string): string[] {
  const marked = `#${token}#`
  const grams: string[] = []
  for (let index = 0; index + 3 <= marked.length; index++) grams.push(marked.slice(index, index + 3))
  return grams
}

/** The L2-normalised hashed feature vector of one text. */
export function lexicalVector(text: string, dimensions = LEXICAL_EMBEDDER_DIMENSIONS): number[] {
  const vector = new Float64Array(dimensions)
  const stems = contentStems(text)
  stems.forEach((word, index) => {
    addHashedFeature(vector, `w:${word}`, WEIGHTS.word, SLOTS.word)
    const next = stems[index + 1]
    if (next !== undefined) addHashedFeature(vector, `b:${word} ${next}`, WEIGHTS.bigram, SLOTS.bigram)
  })
  for (const token of tokenize(text)) {
    for (const gram of trigrams(token)) addHashedFeature(vector, `g:${gram}`, WEIGHTS.trigram, SLOTS.trigram)
  }
  let norm = Math.hypot(...vector)
  // A text without letters or digits still gets a unit vector (cosine needs a non-zero norm).
  if (norm === 0) {
    addHashedFeature(vector, 'empty', 1)
    norm = 1
  }
  return Array.from(vector, (value) => value / norm)
}

/** The lexical embedder (see above): 384 dimensions, deterministic, so its vectors can be copied between threads. */
export function lexicalEmbedder(): Embedder {
  return {
    id: LEXICAL_EMBEDDER_ID,
    dimensions: LEXICAL_EMBEDDER_DIMENSIONS,
    embed(values) {
      return Promise.resolve(values.map((value) => lexicalVector(value)))
    },
  }
}
