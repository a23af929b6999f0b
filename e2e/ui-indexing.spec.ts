import { expect, test } from '@playwright/test'
import { initechIncident } from '@threadline/db/seed'
import { screenshots } from './branches.ts'
import { collectBrowserErrors, signIn } from './sign-in.ts'

// Run by `pnpm e2e:indexing` (playwright.indexing.config.ts): the server has an
// embedding model, and the demo data was seeded without one.

test('Index all: a resource with progress, cancel, completion; a thread; the jobs view', async ({ page }) => {
  test.setTimeout(180_000)
  const browserErrors = collectBrowserErrors(page)
  await signIn(page, '/recall')
  await page.getByLabel('Search in').selectOption('resource')

  // cancel: the job stops partway and the hint offers "Index all" again
  await page.getByLabel(/^Resource/).selectOption('globex-research')
  const indexAll = page.getByTestId('index-all')
  await expect(indexAll).toContainText(/\d+ of \d+ messages in this resource have no vector yet/)
  await indexAll.getByRole('button', { name: 'Index all' }).click()
  const progress = page.getByTestId('index-progress')
  await expect(progress).toBeVisible()
  await expect(page.getByTestId('index-progress-count')).toHaveText(/^[1-9][\d,]* \/ [\d,]+$/, { timeout: 30_000 })
  await progress.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByTestId('index-last-job')).toContainText('cancelled')
  await expect(indexAll.getByRole('button', { name: 'Index all' })).toBeVisible()

  // a whole resource: progress with done / total, rate and ETA, then done
  await page.getByLabel(/^Resource/).selectOption('acme-support')
  await indexAll.getByRole('button', { name: 'Index all' }).click()
  await expect(page.getByTestId('index-progress-count')).toHaveText(/^[1-9][\d,]* \/ [\d,]+$/, { timeout: 30_000 })
  await expect(progress).toContainText(/msg\/s/)
  await expect(progress).toContainText(/ETA \d/)
  await expect(page.getByRole('progressbar', { name: 'Messages indexed' })).toBeVisible()
  // at 800 px the chosen resource and the query's placeholder fit their fields (both were cut)
  await page.setViewportSize({ width: 800, height: 900 })
  for (const field of [page.getByLabel(/^Resource/), page.getByLabel('Query')]) {
    const room = await field.evaluate((control: HTMLInputElement | HTMLSelectElement) => {
      const style = getComputedStyle(control)
      const text = control instanceof HTMLSelectElement ? (control.selectedOptions[0]?.text ?? '') : control.placeholder
      const context = document.createElement('canvas').getContext('2d')
      if (!context) return Number.NaN
      context.font = style.font
      return control.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight) - context.measureText(text).width
    })
    expect(room).toBeGreaterThanOrEqual(0)
  }
  await screenshots(page, 'index-all-progress')
  await expect(indexAll.getByRole('status')).toContainText(/Indexed [\d,]+ messages in .*: all of this resource is indexed/, { timeout: 90_000 })

  // recall over the indexed resource is hybrid now
  await page.getByLabel('Query').fill('tracking number')
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page.getByText(/results? for “tracking number”/)).toContainText('hybrid')

  // one thread: the hint is there until the thread is indexed, then gone
  await page.getByLabel('Search in').selectOption('thread')
  await page.getByRole('combobox', { name: /^Thread/ }).selectOption(initechIncident.thread.id)
  await indexAll.getByRole('button', { name: 'Index all' }).click()
  await expect(indexAll.getByRole('status')).toContainText('all of this thread is indexed', { timeout: 60_000 })
  await page.reload()
  await expect(page.getByLabel('Search in')).toBeVisible()
  await page.getByLabel('Search in').selectOption('thread')
  await page.getByRole('combobox', { name: /^Thread/ }).selectOption(initechIncident.thread.id)
  await expect(page.getByRole('button', { name: 'Search' })).toBeVisible()
  await expect(indexAll).toHaveCount(0)

  // the jobs view: states, progress, attempts
  await page.getByRole('link', { name: 'Index jobs' }).click()
  await expect(page).toHaveURL(/\/recall\/jobs/)
  const rows = page.getByTestId('index-job-row')
  await expect(rows.filter({ hasText: 'acme-support' }).filter({ hasText: 'Index all' }).first()).toContainText('done')
  await expect(rows.filter({ hasText: 'globex-research' }).first()).toContainText('cancelled')
  await expect(rows.filter({ hasText: initechIncident.thread.id }).first()).toContainText('done')
  await expect(rows.first()).toContainText('1 / 5')
  // at 800 px every column shows (Created was hidden beside an empty column), and the table needs no sideways scrolling
  await page.setViewportSize({ width: 800, height: 900 })
  const table = page.getByTestId('index-jobs')
  await expect(table.getByRole('columnheader', { name: 'Created' })).toBeVisible()
  await expect(rows.first().getByRole('cell').nth(4)).toContainText(/\d{4}/)
  expect(await table.evaluate((element) => element.parentElement!.scrollWidth - element.parentElement!.clientWidth)).toBe(0)
  await screenshots(page, 'index-jobs')
  await page.getByLabel('State').selectOption('cancelled')
  await expect(rows).toHaveCount(1)
  expect(browserErrors).toEqual([])
})
