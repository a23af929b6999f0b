import { execFileSync } from 'node:child_process'
import { expect, test } from '@playwright/test'
import { screenshots } from './branches.ts'
import { collectBrowserErrors, signIn } from './sign-in.ts'

test('issue a scoped token (shown once), revoke it, then sign out', async ({ page }) => {
  const browserErrors = collectBrowserErrors(page)
  await signIn(page, '/tokens')
  // other specs (the audit page's) issue tokens on the same database: only this test's token is assumed absent
  await expect(page.getByRole('button', { name: 'Issue token' })).toBeVisible()
  await expect(page.getByTestId('token-row').filter({ hasText: 'support-bot staging' })).toHaveCount(0)
  await screenshots(page, 'tokens-before')

  await page.getByLabel('Name').fill('support-bot staging')
  await page.getByRole('checkbox', { name: 'acme-support' }).check()
  await page.getByRole('button', { name: 'Issue token' }).click()
  const issued = page.getByTestId('issued-token')
  await expect(issued).toContainText('Token “support-bot staging” issued')
  await expect(page.getByTestId('token-secret')).toHaveText(/^tl_[A-Za-z0-9_-]{40,}$/)
  const secret = (await page.getByTestId('token-secret').textContent()) ?? ''
  const row = page.getByTestId('token-row').filter({ hasText: 'support-bot staging' })
  await expect(row).toContainText('Active')
  await expect(row).toContainText('acme-support')
  await expect(row).toContainText('read only')
  await screenshots(page, 'tokens-issued')

  await row.getByRole('button', { name: 'Revoke' }).click()
  await row.getByRole('button', { name: 'Yes, revoke' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Token “support-bot staging” revoked.' })).toBeVisible()
  await expect(row).toContainText('Revoked')
  await expect(row.getByRole('button', { name: 'Revoke' })).toHaveCount(0)
  // the issued panel no longer offers the dead secret (nor its usage snippets): it says the token was revoked
  await expect(issued).toContainText('Token “support-bot staging” was revoked')
  await expect(page.getByTestId('token-secret')).toHaveCount(0)
  expect(await page.locator('body').textContent()).not.toContain(secret)
  await screenshots(page, 'tokens-revoked')

  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page).toHaveURL(/\/sign-in$/)
  await page.goto('/tokens')
  await expect(page).toHaveURL(/\/sign-in\?next=%2Ftokens$/)
  await screenshots(page, 'sign-in')
  expect(browserErrors).toEqual([])
})

test('a token scoped to a typed-in resource (no threads yet) comes with a client and a curl snippet that work', async ({ page, context }) => {
  // twelve full-page screenshots on a loaded machine
  test.setTimeout(240_000)
  const browserErrors = collectBrowserErrors(page)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await signIn(page, '/tokens')
  await page.getByLabel('Name').fill('new-customer backend')
  const typed = page.getByLabel('Resource id to add')
  await typed.fill('new-customer-7')
  // Enter adds the resource (it does not submit the form)
  await typed.press('Enter')
  await expect(page.getByRole('checkbox', { name: /new-customer-7/ })).toBeChecked()
  await expect(page.getByText('no threads yet', { exact: true })).toBeVisible()
  await page.getByRole('checkbox', { name: 'Can write (clone, edit memory)' }).check()
  await screenshots(page, 'tokens-typed-resource')
  await page.getByRole('button', { name: 'Issue token' }).click()

  const usage = page.getByTestId('token-usage')
  const token = (await page.getByTestId('token-secret').textContent()) ?? ''
  expect(token).toMatch(/^tl_/)
  const snippet = page.getByTestId('token-snippet')
  await expect(snippet).toContainText("import { createThreadlineClient } from '@threadline/client'")
  await expect(snippet).toContainText(`THREADLINE_TOKEN='${token}'`)
  await expect(snippet).toContainText('resourceId: "new-customer-7"')
  // the token wraps at the column's edge, never at its own hyphens (it would read as a minus)
  await expect(snippet.getByTestId('snippet-token')).toHaveText([token])
  await screenshots(page, 'tokens-usage-client')

  await usage.getByRole('tab', { name: 'curl (REST)' }).click()
  await expect(snippet).toContainText('/api/v1/threads')
  await usage.getByRole('button', { name: 'Copy curl command' }).click()
  await expect(usage.getByRole('button', { name: 'Copied' })).toBeVisible()
  const copied = await page.evaluate(() => navigator.clipboard.readText())
  expect(copied).toBe(await snippet.textContent())
  await screenshots(page, 'tokens-usage-curl')

  // the copied command, run as it is, creates a thread in the typed-in resource
  const answer = JSON.parse(execFileSync('bash', ['-c', `${copied} --silent`], { encoding: 'utf8' })) as { id: string; resourceId: string; title: string }
  expect(answer).toMatchObject({ resourceId: 'new-customer-7', title: 'First thread' })
  const row = page.getByTestId('token-row').filter({ hasText: 'new-customer backend' })
  await expect(row).toContainText('new-customer-7')
  expect(browserErrors).toEqual([])
})
