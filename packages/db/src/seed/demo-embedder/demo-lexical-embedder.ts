import { conceptsOf } from './concept-lexicon.ts'
import { addHashedFeature } from './feature-hash.ts'
import { contentStems, tokenize } from './text-features.ts'
import type { Embedder } from '@threadline/engine'

// DEMO ONLY. A lexical embedder whose concept lexicon (concept-lexicon.ts) is
// tuned to the demo conversations: it makes the admin UI's recall page, the
// tests and the benchmarks work offline and deterministically. It is not a
// language model and knows nothing outside its word lists; a real deployment
// passes an AI SDK embedding model to Memory instead.

export const DEMO_LEXICAL_EMBEDDER_DIMENSIONS = 384
// The id it had as the engine's former default, so vectors already stored by it stay usable.
export const DEMO_LEXICAL_EMBEDDER_ID = `threadline/hashed-ngrams-${DEMO_LEXICAL_EMBEDDER_DIMENSIONS}`

// Relative weights of the feature families. Concepts weigh most: they carry the
// meaning ("blender" ~ "kitchen appliance"); character trigrams least: they
// only rescue typos and word forms the stemmer misses.
const WEIGHTS = { word: 1, bigram: 0.5, concept: 2.5, trigram: 0.25 }
// Heavier features are spread over more slots (see addHashedFeature).
const SLOTS = { word: 2, bigram: 1, concept: 4, trigram: 1 }

/** Character trigrams of a token with word-boundary marks: 'cat' -> '#ca', 'cat', 'at#'. */
function trigrams(token: string): string[] {
  const marked = `#${token}#`
  const grams: string[] = []
  for (let index = 0; index + 3 <= marked.length; index++) grams.push(marked.slice(index, index + 3))
  return grams
}

/** The L2-normalised hashed feature vector of one text. */
export function demoLexicalVector(text: string, dimensions = DEMO_LEXICAL_EMBEDDER_DIMENSIONS): number[] {
  const vector = new Float64Array(dimensions)
  const stems = contentStems(text)
  stems.forEach((word, index) => {
    addHashedFeature(vector, `w:${word}`, WEIGHTS.word, SLOTS.word)
    const next = stems[index + 1]
    if (next !== undefined) addHashedFeature(vector, `b:${word} ${next}`, WEIGHTS.bigram, SLOTS.bigram)
  })
  for (const concept of conceptsOf(stems)) addHashedFeature(vector, `c:${concept}`, WEIGHTS.concept, SLOTS.concept)
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

/**
 * The demo's embedder (demo only, see above): hashed word unigrams and bigrams,
 * character trigrams and concept-lexicon features, 384 dimensions. No network,
 * no model download; deterministic, so its vectors can be copied between threads.
 */
export function demoLexicalEmbedder(): Embedder {
  return {
    id: DEMO_LEXICAL_EMBEDDER_ID,
    dimensions: DEMO_LEXICAL_EMBEDDER_DIMENSIONS,
    embed(values) {
      return Promise.resolve(values.map((value) => demoLexicalVector(value)))
    },
  }
}
