import { expect, test } from '@playwright/test'
import { collectBrowserErrors, screenshot, signIn } from './sign-in.ts'

test('issue a scoped token (shown once), revoke it, then sign out', async ({ page }) => {
  const browserErrors = collectBrowserErrors(page)
  await signIn(page, '/tokens')
  await expect(page.getByTestId('empty-state')).toContainText('No API tokens yet')
  await screenshot(page, 'tokens-empty')

  await page.getByLabel('Name').fill('support-bot staging')
  await page.getByRole('checkbox', { name: 'acme-support' }).check()
  await page.getByRole('button', { name: 'Issue token' }).click()
  const issued = page.getByTestId('issued-token')
  await expect(issued).toContainText('Token “support-bot staging” issued')
  await expect(page.getByTestId('token-secret')).toHaveText(/^tl_[A-Za-z0-9_-]{40,}$/)
  const row = page.getByTestId('token-row').filter({ hasText: 'support-bot staging' })
  await expect(row).toContainText('Active')
  await expect(row).toContainText('acme-support')
  await expect(row).toContainText('read only')
  await screenshot(page, 'tokens-issued')

  await row.getByRole('button', { name: 'Revoke' }).click()
  await row.getByRole('button', { name: 'Yes, revoke' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Token “support-bot staging” revoked.' })).toBeVisible()
  await expect(row).toContainText('Revoked')
  await expect(row.getByRole('button', { name: 'Revoke' })).toHaveCount(0)
  await screenshot(page, 'tokens-revoked')

  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page).toHaveURL(/\/sign-in$/)
  await page.goto('/tokens')
  await expect(page).toHaveURL(/\/sign-in\?next=%2Ftokens$/)
  await screenshot(page, 'sign-in')
  expect(browserErrors).toEqual([])
})
