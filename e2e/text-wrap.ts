import type { Page } from '@playwright/test'

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
