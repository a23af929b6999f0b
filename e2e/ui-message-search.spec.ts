import { expect, test } from '@playwright/test'
import { acmeDeliveryStorm } from '@threadline/db/seed'
import { screenshots } from './branches.ts'
import { collectBrowserErrors, signIn } from './sign-in.ts'

const trackingMessage = acmeDeliveryStorm.messages.find((message) => JSON.stringify(message.content).includes('Tracking number 1Z999AA'))!

test('explorer message search: highlighted snippets with thread titles, scoped by resource, opening the message in its timeline', async ({ page }) => {
  const browserErrors = collectBrowserErrors(page)
  await signIn(page, '/')
  await page.getByRole('button', { name: 'Messages', exact: true }).click()
  await expect(page).toHaveURL(/in=messages/)
  await expect(page.getByTestId('empty-state')).toContainText('Search message text')
  await page.getByLabel('Search message text').fill('tracking numbers')
  await expect(page).toHaveURL(/q=tracking\+numbers/)

  // the original message (a seeded clone holds a copy, listed under it: ui-why-list.spec.ts)
  const href = `/threads/${acmeDeliveryStorm.thread.id}#m-${trackingMessage.id}`
  const hit = page.getByTestId('message-hit').and(page.locator(`[href="${href}"]`))
  await expect(hit).toBeVisible()
  await expect(hit).toContainText('1Z999AA10123456784')
  // the stemmed words are marked, as text: the snippet's own characters are never markup
  await expect(hit.locator('mark')).toHaveText(['Tracking', 'number'])
  await expect(hit.getByTestId('message-hit-thread')).toHaveText(acmeDeliveryStorm.thread.title)
  await expect(page.getByRole('navigation', { name: 'Pagination' })).toBeVisible()

  await screenshots(page, 'message-search')

  // the resource filter narrows the search: another resource has no tracking number
  await page.getByLabel('Resource').selectOption('globex-research')
  await expect(page.getByTestId('empty-state')).toContainText('No message matches')
  await page.getByLabel('Resource').selectOption(acmeDeliveryStorm.thread.resourceId)
  await expect(hit).toBeVisible()

  await hit.click()
  await expect(page).toHaveURL((url) => `${url.pathname}${url.hash}` === href)
  const target = page.locator(`[data-message-id="${trackingMessage.id}"]`)
  await expect(target).toHaveAttribute('data-highlighted', 'true')
  await expect(target).toBeInViewport()
  expect(browserErrors).toEqual([])
})
