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
    if (last !== undefined && last.changed === part.changed) last.text += part.text
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
  // lengths[i][j]: the LCS of x[i..] and y[j..]
  const lengths = Array.from({ length: x.length + 1 }, () => new Uint32Array(y.length + 1))
  for (let i = x.length - 1; i >= 0; i--) {
    for (let j = y.length - 1; j >= 0; j--) {
      lengths[i]![j] = x[i] === y[j] ? lengths[i + 1]![j + 1]! + 1 : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!)
    }
  }
  const left: DiffSegment[] = []
  const right: DiffSegment[] = []
  let i = 0
  let j = 0
  while (i < x.length && j < y.length) {
    if (x[i] === y[j]) {
      left.push({ text: x[i++]!, changed: false })
      right.push({ text: y[j++]!, changed: false })
    } else if (lengths[i + 1]![j]! >= lengths[i]![j + 1]!) {
      left.push({ text: x[i++]!, changed: true })
    } else {
      right.push({ text: y[j++]!, changed: true })
    }
  }
  while (i < x.length) left.push({ text: x[i++]!, changed: true })
  while (j < y.length) right.push({ text: y[j++]!, changed: true })
  // a whitespace token is never news on its own: it takes its kept neighbours' side
  const unmarkSpaces = (parts: DiffSegment[]) =>
    parts.map((part, index) =>
      part.changed && part.text.trim() === '' && parts[index - 1]?.changed !== true && parts[index + 1]?.changed !== true ? { ...part, changed: false } : part,
    )
  return { a: segments(unmarkSpaces(left)), b: segments(unmarkSpaces(right)) }
}
