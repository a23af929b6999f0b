import { expect, type Locator, type Page } from '@playwright/test'

// The thread timeline's sticky toolbar (under the sticky site header) must not
// cover what a jump, a find, a link or j / k scrolls to.

/** `target`'s top is on screen, below the timeline toolbar's bottom edge (not under the toolbar). */
export async function expectBelowTimelineToolbar(page: Page, target: Locator): Promise<void> {
  const toolbar = page.getByTestId('timeline-toolbar')
  await expect(target).toBeInViewport()
  await expect
    .poll(async () => {
      const [box, bar] = await Promise.all([target.boundingBox(), toolbar.boundingBox()])
      const viewportHeight = page.viewportSize()?.height ?? 0
      if (!box || !bar) return 'not laid out'
      if (box.y < bar.y + bar.height) return `top ${Math.round(box.y)} px is under the toolbar (bottom ${Math.round(bar.y + bar.height)} px)`
      return box.y < viewportHeight ? 'below the toolbar' : `top ${Math.round(box.y)} px is below the viewport (${viewportHeight} px)`
    })
    .toBe('below the toolbar')
}
