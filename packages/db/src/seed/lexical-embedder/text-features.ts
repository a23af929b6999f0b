// Word-level text normalisation for the demo lexical embedder: tokens, a light
// suffix-stripping stemmer and a stop-word list. Deterministic and tiny; it
// only has to make "refunds"/"refunded"/"refund" meet, not to be Porter.

const STOP_WORDS = new Set(
  (
    'a an the and or but if then so of to in on at by for with from into over about as is are was were be been ' +
    'being am do does did have has had i me my we our you your he she it its they them their this that these those ' +
    'there here what which who whom how when where why can could would should will shall may might must no ' +
    'yes just very too also than up down out off again all any some such only own same other more most each few ' +
    'both s t don now please hi hello thanks thank'
  ).split(' '),
)

/** Lower-cased letter/digit runs, diacritics removed. */
export function tokenize(text: string): string[] {
  const folded = text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
  return folded.match(/[\p{L}\p{N}]+/gu) ?? []
}

export function isStopWord(token: string): boolean {
  return STOP_WORDS.has(token)
}

function undouble(word: string): string {
  const last = word.at(-1)
  return word.length > 3 && last === word.at(-2) && last !== undefined && !'lsz'.includes(last) ? word.slice(0, -1) : word
}

/** Light English stemmer: plural, -ing, -ed, -ly, final -e. */
export function stem(token: string): string {
  let word = token
  if (word.length <= 3 || /^\d+$/.test(word)) return word
  if (word.endsWith('ies') && word.length > 4) word = `${word.slice(0, -3)}y`
  else if (word.endsWith('sses')) word = word.slice(0, -2)
  else if (word.endsWith('s') && !/(ss|us|is)$/.test(word)) word = word.slice(0, -1)
  if (word.endsWith('ing') && word.length > 5) word = undouble(word.slice(0, -3))
  else if (word.endsWith('ed') && word.length > 4) word = undouble(word.slice(0, -2))
  else if (word.endsWith('ly') && word.length > 5) word = word.slice(0, -2)
  if (word.endsWith('e') && word.length > 4) word = word.slice(0, -1)
  return word
}

/** Stems of the content words of `text`, in order. */
export function contentStems(text: string): string[] {
  return tokenize(text)
    .filter((token) => !isStopWord(token))
    .map(stem)
}
