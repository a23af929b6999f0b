/** A run of text on one side of a word diff; `changed` when the other side has no counterpart for it. */
export type DiffSegment = { text: string; changed: boolean }

/** Beyond this many word pairs the texts are simply marked changed as a whole (the table is quadratic). */
const MAX_CELLS = 250_000

/** Words and the whitespace between them, as separate tokens, so the text is rebuilt exactly. */
function tokens(text: string): string[] {
  return text.split(/(\s+)/).filter((token) => token !== '')
}

/** Joins neighbouring tokens of the same kind into one segment. */
function segments(parts: readonly DiffSegment[]): DiffSegment[] {
  const joined: DiffSegment[] = []
  for (const part of parts) {
    const last = joined.at(-1)
    if (last?.changed === part.changed) last.text += part.text
    else joined.push({ ...part })
  }
  return joined
}

/**
 * A word-level diff of two texts (longest common subsequence of their
 * tokens): each side as segments, the words the other side lacks marked
 * `changed`. Whitespace between two kept words stays unmarked.
 */
export function diffWords(a: string, b: string): { a: DiffSegment[]; b: DiffSegment[] } {
  const x = tokens(a)
  const y = tokens(b)
  if (x.length * y.length > MAX_CELLS) {
    return {
      a: a === b ? [{ text: a, changed: false }] : [{ text: a, changed: true }],
      b: a === b ? [{ text: b, changed: false }] : [{ text: b, changed: true }],
    }
  }
  // cell(i, j): the length of the LCS of x[i..] and y[j..], in one flat table
  const width = y.length + 1
  const table = new Uint32Array((x.length + 1) * width)
  const cell = (i: number, j: number): number => table[i * width + j] ?? 0
  for (let i = x.length - 1; i >= 0; i--) {
    for (let j = y.length - 1; j >= 0; j--) {
      table[i * width + j] = x[i] === y[j] ? cell(i + 1, j + 1) + 1 : Math.max(cell(i + 1, j), cell(i, j + 1))
    }
  }
  const left: DiffSegment[] = []
  const right: DiffSegment[] = []
  let i = 0
  let j = 0
  while (i < x.length || j < y.length) {
    const tokenA = x[i]
    const tokenB = y[j]
    if (tokenA !== undefined && tokenA === tokenB) {
      left.push({ text: tokenA, changed: false })
      right.push({ text: tokenB, changed: false })
      i++
      j++
    } else if (tokenA !== undefined && (tokenB === undefined || cell(i + 1, j) >= cell(i, j + 1))) {
      left.push({ text: tokenA, changed: true })
      i++
    } else if (tokenB !== undefined) {
      right.push({ text: tokenB, changed: true })
      j++
    }
  }
  // a whitespace token is never news on its own: it takes its kept neighbours' side
  const unmarkSpaces = (parts: DiffSegment[]) =>
    parts.map((part, index) =>
      part.changed && part.text.trim() === '' && parts[index - 1]?.changed !== true && parts[index + 1]?.changed !== true ? { ...part, changed: false } : part,
    )
  return { a: segments(unmarkSpaces(left)), b: segments(unmarkSpaces(right)) }
}
