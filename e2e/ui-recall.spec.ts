import { expect, test } from '@playwright/test'
import { acmeDeliveryStorm, initechRestoreDrill } from '@threadline/db/seed'
import { screenshots } from './branches.ts'
import { collectBrowserErrors, signIn } from './sign-in.ts'

test('recall on a fresh start: full-text finds the demo tracking number message with no indexing, titles not ids', async ({ page }) => {
  const browserErrors = collectBrowserErrors(page)
  const resourceId = acmeDeliveryStorm.thread.resourceId
  await signIn(page, `/recall?resource=${resourceId}&q=tracking+number`)
  const results = page.getByTestId('recall-result')
  await expect(results.first()).toBeVisible()
  await expect(page.getByText('full-text', { exact: true })).toBeVisible()
  await expect(results.first().getByTestId('recall-open')).toContainText('Tracking number 1Z999AA10123456784')
  // the seeded clone holds a copy of that message: one hit, listing where else it appears
  await expect(results.first().getByTestId('recall-thread')).toHaveText(/Delivery dela/)
  await expect(results.first().getByTestId('recall-also-in')).toContainText('Also in a clone')
  await expect(page.getByTestId('recall-open').filter({ hasText: 'Tracking number 1Z999AA10123456784' })).toHaveCount(1)
  await screenshots(page, 'recall-fresh-start')
  expect(browserErrors).toEqual([])
})

test('recall: search a seeded thread, no index hint in full-text mode, open the timeline at the match', async ({ page }) => {
  const browserErrors = collectBrowserErrors(page)
  const threadId = initechRestoreDrill.thread.id
  await signIn(page, `/recall?thread=${threadId}`)
  await expect(page.getByTestId('empty-state')).toContainText('Search your agents')
  // full-text recall needs no indexing: the hint is shown only when something is unindexed
  await expect(page.getByTestId('index-all')).toHaveCount(0)
  await page.getByLabel('Query').fill('row counts compared with production tables')
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page).toHaveURL(/q=row\+counts/)

  const results = page.getByTestId('recall-result')
  await expect(results.first()).toBeVisible()
  const scores = await page.getByTestId('recall-score').allTextContents()
  expect(scores.length).toBeGreaterThan(0)
  expect(scores.map(Number)).toEqual([...scores.map(Number)].sort((a, b) => b - a))
  // the match's real neighbours in its thread surround it
  await expect(results.first().getByTestId('recall-neighbour').first()).toBeVisible()
  // the narrow select ends its label in “…”: the whole label is its tooltip
  const threadSelect = page.getByRole('combobox', { name: /^Thread/ })
  await expect(threadSelect).toHaveAttribute('title', `${initechRestoreDrill.thread.title} (${initechRestoreDrill.thread.resourceId})`)
  await expect(threadSelect).toHaveCSS('text-overflow', 'ellipsis')
  await screenshots(page, 'recall')

  const open = results.first().getByTestId('recall-open')
  const href = await open.getAttribute('href')
  const messageId = decodeURIComponent(href!.split('#m-')[1]!)
  expect(initechRestoreDrill.messages.some((message) => message.id === messageId)).toBe(true)
  await open.click()
  await expect(page).toHaveURL(new RegExp(`/threads/${threadId}#m-${messageId}$`))
  const target = page.locator(`[data-message-id="${messageId}"]`)
  await expect(target).toHaveAttribute('data-highlighted', 'true')
  await expect(target).toBeInViewport()
  await screenshots(page, 'recall-landing', { fullPage: false })
  expect(browserErrors).toEqual([])
})
