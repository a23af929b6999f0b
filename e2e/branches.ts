import { expect, type Page } from '@playwright/test'
import { expectNoPluralPlaceholders } from './page-text.ts'
import { screenshotDir } from './sign-in.ts'

// Steps of the branch specs: screenshots in both widths and both colour
// schemes, and API calls made with the signed-in operator's session.

const widths = [1440, 800] as const
const schemes = ['light', 'dark'] as const

/**
 * Screenshots of the current page at 1440 and 800 px, light and dark:
 * `<name>-<width>-<scheme>.png`. Full page, except for an open dialog, whose
 * backdrop covers the viewport only. Each width's visible text is checked
 * for plurals written as "(s)".
 */
export async function screenshots(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}): Promise<void> {
  for (const width of widths) {
    for (const colorScheme of schemes) {
      await page.setViewportSize({ width, height: 900 })
      await page.emulateMedia({ colorScheme })
      // the lineage graph re-lays out on resize: let it settle
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
      if (fullPage) await page.evaluate(() => window.scrollTo(0, 0))
      // the new colours in place: no colour still fading from the other scheme (buttons mid-fade read as low contrast)
      expect(await page.evaluate(() => document.getAnimations().filter((animation) => animation instanceof CSSTransition).length)).toBe(0)
      if (colorScheme === 'light') await expectNoPluralPlaceholders(page)
      await page.screenshot({ path: `${screenshotDir}/${name}-${width}-${colorScheme}.png`, fullPage })
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.emulateMedia({ colorScheme: 'light' })
}

/** A tRPC mutation over HTTP as the signed-in operator (the browser session's cookie, the CSRF header). */
export async function mutate<Output>(page: Page, procedure: string, input: unknown): Promise<Output> {
  const response = await page.request.post(`/api/trpc/${procedure}`, {
    headers: { 'content-type': 'application/json', 'x-threadline-csrf': '1' },
    data: { json: input },
  })
  expect(response.ok(), `${procedure}: ${await response.text()}`).toBe(true)
  const body = (await response.json()) as { result: { data: { json: Output } } }
  return body.result.data.json
}
