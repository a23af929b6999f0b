import { expect, test } from '@playwright/test'
import { initechRestoreDrill } from '@threadline/db/seed'
import { collectBrowserErrors, screenshot, signIn } from './sign-in.ts'

test('recall: index a seeded thread, search it, open the timeline at the match', async ({ page }) => {
  const browserErrors = collectBrowserErrors(page)
  const threadId = initechRestoreDrill.thread.id
  await signIn(page, `/recall?thread=${threadId}`)
  await expect(page.getByTestId('empty-state')).toContainText('Search your agents')

  // seeded messages have no vectors until their thread is indexed
  await page.getByRole('button', { name: 'Index this thread' }).click()
  await expect(page.getByRole('status').filter({ hasText: `Indexed ${initechRestoreDrill.messages.length} messages.` })).toBeVisible()
  await page.getByLabel('Query').fill('row counts compared with production tables')
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page).toHaveURL(/q=row\+counts/)

  const results = page.getByTestId('recall-result')
  await expect(results.first()).toBeVisible()
  const scores = await page.getByTestId('recall-score').allTextContents()
  expect(scores.length).toBeGreaterThan(0)
  expect(scores.map(Number)).toEqual([...scores.map(Number)].sort((a, b) => b - a))
  // neighbouring messages surround the match
  await expect(results.first().getByTestId('recall-neighbour').first()).toBeVisible()
  await screenshot(page, 'recall')

  const open = results.first().getByTestId('recall-open')
  const href = await open.getAttribute('href')
  const messageId = decodeURIComponent(href!.split('#m-')[1]!)
  expect(initechRestoreDrill.messages.some((message) => message.id === messageId)).toBe(true)
  await open.click()
  await expect(page).toHaveURL(new RegExp(`/threads/${threadId}#m-${messageId}$`))
  const target = page.locator(`[data-message-id="${messageId}"]`)
  await expect(target).toHaveAttribute('data-highlighted', 'true')
  await expect(target).toBeInViewport()
  await page.screenshot({ path: 'test-results/screenshots/recall-landing.png' })
  expect(browserErrors).toEqual([])
})
