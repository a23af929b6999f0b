import { expect, test } from '@playwright/test'
import { demoOperator, demoThreads } from '@threadline/db/seed'
import { mutate, screenshots } from './branches.ts'
import { collectBrowserErrors, signIn } from './sign-in.ts'

// Issue 17 item 6: the audit page lists who did what, when and from where,
// newest first, with filters (actor, action, thread, resource, time) and
// cursor pages of 50.

const refund = demoThreads.find((seed) => seed.thread.id === 'acme-refund-4512')!.thread
const cloneId = 'e2e-audit-clone'

test.describe.configure({ timeout: 120_000 })

test('the audit page: entries of a sign-in, a clone, a token and memory edits; filters and pages', async ({ page }) => {
  const browserErrors = collectBrowserErrors(page)
  await signIn(page, '/audit')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Audit log')
  const rows = page.getByTestId('audit-row')
  await expect(rows.filter({ hasText: 'operator.signIn' }).first()).toContainText(demoOperator.name)

  await mutate(page, 'clone.create', { sourceThreadId: refund.id, newThreadId: cloneId, returnMessages: false })
  // 51 edits: more than one page of 50 for this thread
  for (let edit = 1; edit <= 51; edit++) {
    await mutate(page, 'memory.working.update', { scope: 'thread', threadId: cloneId, workingMemory: `# Notes\nedit ${edit}` })
  }
  await mutate(page, 'tokens.issue', { name: 'audit e2e backend', resourceIds: [refund.resourceId] })
  await page.reload()
  await expect(rows.first()).toContainText('token.issue')
  await expect(rows.first()).toContainText('name: audit e2e backend')
  await expect(rows.nth(1)).toContainText('workingMemory.update')
  await screenshots(page, 'audit-page')

  await page.getByLabel('Action').selectOption('thread.clone')
  await expect(rows.first()).toContainText(`Thread ${cloneId}`)
  await expect(rows.first()).toContainText(`Target ${refund.id}`)
  await expect(rows.first()).toContainText('messages: ')
  await screenshots(page, 'audit-page-filtered')

  await page.getByLabel('Action').selectOption('')
  await page.getByRole('textbox', { name: 'Thread' }).fill(cloneId)
  await expect(rows).toHaveCount(50)
  await expect(page.getByRole('navigation', { name: 'Pagination' })).toContainText('Entries 1–50')
  await page.getByRole('button', { name: 'Older' }).click()
  await expect(rows).toHaveCount(2)
  await expect(page.getByRole('navigation', { name: 'Pagination' })).toContainText('Entries 51–52 (the oldest)')
  await expect(rows.last()).toContainText('thread.clone')
  await expect(page.getByRole('button', { name: 'Older' })).toBeDisabled()
  await page.getByRole('button', { name: 'Newer' }).click()
  await expect(rows).toHaveCount(50)

  await page.getByLabel('Actor').selectOption({ label: `${demoOperator.name} (operator)` })
  await expect(rows).toHaveCount(50)
  await page.getByLabel('From').fill('2099-01-01T00:00')
  await expect(page.getByText('No entries')).toBeVisible()
  expect(browserErrors).toEqual([])
})
