import { expect, test } from '@playwright/test'
import { toolIdSanitizerRuleSource } from '@threadline/engine/testing'
import { mutate, screenshots } from './branches.ts'
import { collectBrowserErrors, signIn } from './sign-in.ts'

// Issue 14: the fixtures recorded from calls ("Save as fixture") are listed
// under their saved rule in the playground and deleted one by one.

test.describe.configure({ timeout: 180_000 })

test('a saved rule lists its recorded fixtures; one is deleted (after a confirmation), the other stays', async ({ page }) => {
  const browserErrors = collectBrowserErrors(page)
  await signIn(page)
  const name = `recorded-fixtures-${Date.now().toString(36)}`
  const rule = await mutate<{ id: string }>(page, 'playground.rules.create', {
    name,
    code: toolIdSanitizerRuleSource.replace("'tool-id-sanitizer'", `'${name}'`),
  })
  // the demo seed's Anthropic tool-ID 400 (attempt 1 of demo-call-tool-id-repair), saved twice under two names
  for (const fixture of ['tool-id 400, first save', 'tool-id 400, second save'])
    await mutate(page, 'playground.fixtures.saveFromCall', { callId: 'demo-call-tool-id-repair', attempt: 1, ruleId: rule.id, name: fixture })

  await page.goto('/playground')
  const saved = page.getByTestId('saved-rule').filter({ hasText: name })
  await expect(saved).toContainText('2 fixtures (2 from recorded calls)')
  await saved.getByText('Recorded fixtures (2)').click()
  const rows = saved.getByTestId('recorded-fixture')
  await expect(rows).toHaveCount(2)
  await expect(rows.nth(0)).toContainText('tool-id 400, first save')
  await expect(rows.nth(0)).toContainText('call demo-call-tool-id-repair, attempt 1')
  await screenshots(page, 'recorded-fixtures-list')

  await saved.getByRole('button', { name: 'Delete recorded fixture tool-id 400, first save' }).click()
  await expect(saved).toContainText('Delete this fixture?')
  await screenshots(page, 'recorded-fixtures-confirm')
  await saved.getByRole('button', { name: 'Yes, delete' }).click()
  await expect(saved).toContainText('Deleted the recorded fixture “tool-id 400, first save”.')
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toContainText('tool-id 400, second save')
  await expect(saved).toContainText('1 fixture (1 from recorded calls)')
  await screenshots(page, 'recorded-fixtures-deleted')

  // stored: after a reload only the second one is there
  await page.reload()
  const reloaded = page.getByTestId('saved-rule').filter({ hasText: name })
  await reloaded.getByText('Recorded fixtures (1)').click()
  await expect(reloaded.getByTestId('recorded-fixture')).toHaveCount(1)
  await expect(reloaded.getByTestId('recorded-fixture')).toContainText('tool-id 400, second save')
  await mutate(page, 'playground.rules.delete', { id: rule.id })
  expect(browserErrors).toEqual([])
})
