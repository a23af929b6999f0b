import { expect, type Page } from '@playwright/test'

// A count is written with its noun agreed ("1 fixture", "2 fixtures": plural()
// of apps/web/src/components/format.ts), never as "fixture(s)", which issue 31's
// screenshots caught in the playground and the call trace. A regex's optional
// group, "(s)?", is code, not prose: it is let through.
const placeholderPlural = /\w+\((?:s|es)\)(?!\?)/g

/** Fails when the page's visible text writes a plural as "noun(s)" or "noun(es)". */
export async function expectNoPluralPlaceholders(page: Page): Promise<void> {
  const text = await page.evaluate(() => document.body.innerText)
  expect(text.match(placeholderPlural) ?? [], 'plurals written as "(s)" on the page').toEqual([])
}
