/**
 * Splits `text` around the first match of the pattern a rule reported, so the
 * match can be highlighted. A pattern the browser cannot build (or that finds
 * nothing) leaves the text whole.
 */
export function splitAtMatch(text: string, pattern: { source: string; flags: string }): { before: string; match: string; after: string } | null {
  let regex: RegExp
  try {
    regex = new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, ''))
  } catch {
    return null
  }
  const found = regex.exec(text)
  if (!found || found[0] === '') return null
  return { before: text.slice(0, found.index), match: found[0], after: text.slice(found.index + found[0].length) }
}
