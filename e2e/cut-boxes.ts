import type { Locator } from '@playwright/test'

// A box that cuts its content at a line (max-height with overflow) reads as
// clipped text in a screenshot: issue 31's working memory ended at
// `"projects": [` with nothing saying that it scrolled. A box may be cut only
// under a visible "Show all" (CappedBlock, apps/web/src/components/ui/capped-block.tsx).

/** The elements inside `root` that cut their content vertically with no visible "Show all" beside them, as `tag.class`. */
export async function silentlyCutBoxes(root: Locator): Promise<string[]> {
  return root.evaluate((container) =>
    [...container.querySelectorAll('*')]
      .filter((element) => {
        const style = getComputedStyle(element)
        if (style.overflowY === 'visible') return false
        if (element.scrollHeight <= element.clientHeight + 1) return false
        const showAll = [...(element.closest('[data-capped]')?.querySelectorAll('button') ?? [])].find((button) => button.textContent.startsWith('Show all'))
        return !showAll?.checkVisibility()
      })
      .map((element) => `${element.tagName.toLowerCase()}.${element.getAttribute('class') ?? ''}`),
  )
}
