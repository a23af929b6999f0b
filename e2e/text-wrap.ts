import { expect, type Locator, type Page } from '@playwright/test'

// Ordinary words wrap whole: only a token too long for its line (an ID, a URL)
// may break inside. `word-break: break-all` and `line-break: anywhere` split any
// word to fill a line ("D enver"), which the issue 31 screenshots caught.

/** The elements of the page's main content that split words anywhere, as `tag.class` (empty when none does). */
export async function wordSplittingElements(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('main *')]
      .filter((element) => {
        const style = getComputedStyle(element)
        return style.wordBreak === 'break-all' || style.lineBreak === 'anywhere'
      })
      .map((element) => `${element.tagName.toLowerCase()}.${element.getAttribute('class') ?? ''}`),
  )
}

/**
 * The rows one line of a preformatted block wraps into, from `needle` (the line's first characters after its indent)
 * to the line's end: the left edge of each row, top to bottom.
 */
async function wrappedRowLefts(pre: Locator, needle: string): Promise<number[]> {
  return pre.evaluate((element, needle) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? ''
      const start = text.indexOf(needle)
      if (start === -1) continue
      const end = text.indexOf('\n', start)
      const range = document.createRange()
      range.setStart(node, start)
      range.setEnd(node, end === -1 ? text.length : end)
      const rows = new Map<number, number>()
      for (const rect of range.getClientRects()) {
        const top = Math.round(rect.top)
        rows.set(top, Math.min(rows.get(top) ?? Number.POSITIVE_INFINITY, rect.left))
      }
      return [...rows.entries()].sort(([top], [other]) => top - other).map(([, left]) => left)
    }
    return []
  }, needle)
}

/**
 * The line starting with `needle` wraps, and every row after its first starts right of `needle` (a hanging indent):
 * a wrap at column 0 reads as a new line at a shallower level.
 */
export async function expectHangingIndent(pre: Locator, needle: string): Promise<void> {
  const [first, ...continued] = await wrappedRowLefts(pre, needle)
  expect(continued.length, `the line of ${needle} wraps`).toBeGreaterThan(0)
  expect(Math.min(...continued), `the wrapped rows of ${needle} start right of it`).toBeGreaterThan(first!)
}
