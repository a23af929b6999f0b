import { expect, test, type Page } from '@playwright/test'
import { demoThreads } from '@threadline/db/seed'
import { mutate, screenshots } from './branches.ts'
import { saveFixture } from './save-fixture.ts'
import { collectBrowserErrors, signIn } from './sign-in.ts'

// Issue 31 item 2: a saved playground rule is not live until an operator
// enables it, after a confirmation saying what it will change; every turn
// names the enabled rules that acted; failing fixtures are flagged, and a
// fixture saved against a rule that does not handle it is warned about.

test.describe.configure({ timeout: 180_000 })

const threadPath = `/threads/${demoThreads.find((seed) => seed.thread.id === 'acme-refund-4512')!.thread.id}`
const TAG = '[tagged by rule]'
const prompt = [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }]

/** Appends the tag to the last user message: the demo provider quotes it back. */
const taggingRule = (name: string) => `export default {
  name: '${name}',
  applyToPrompt({ prompt }) {
    return prompt.map((message, index) => index === prompt.length - 1 && message.role === 'user'
      ? { ...message, content: message.content.map((part) => part.type === 'text' ? { ...part, text: part.text + ' ${TAG}' } : part) }
      : message)
  },
}`

async function sendTurn(page: Page, text: string): Promise<void> {
  await page.goto(threadPath)
  const composer = page.getByTestId('composer')
  await expect(composer.getByTestId('composer-model')).toHaveValue('demo/scripted-replies')
  await composer.getByRole('textbox').fill(text)
  await composer.getByRole('button', { name: 'Send' }).click()
  await expect(composer.getByTestId('last-turn-rules')).toBeVisible({ timeout: 45_000 })
}

test('a saved rule stays out of turns until enabled after a confirmation; the turn then names it', async ({ page }) => {
  const browserErrors = collectBrowserErrors(page)
  await signIn(page)
  const name = `tag-user-${Date.now().toString(36)}`
  const rule = await mutate<{ id: string; enabled: boolean }>(page, 'playground.rules.create', {
    name,
    code: taggingRule(name),
    fixtures: [{ name: 'tags a user message', kind: 'prompt', model: 'openai/gpt-4o', prompt, expect: { fires: true } }],
  })
  expect(rule.enabled).toBe(false)

  await sendTurn(page, 'Before enabling')
  const composer = page.getByTestId('composer')
  await expect(composer.getByTestId('last-turn-rules')).toContainText('Enabled rules acted: none')
  await expect(page.getByTestId('message').filter({ hasText: 'you wrote "Before enabling"' })).toHaveCount(1)
  await expect(page.getByText(TAG)).toHaveCount(0)

  await page.goto('/playground')
  const saved = page.getByTestId('saved-rule').filter({ hasText: name })
  await expect(saved).toContainText('disabled')
  await saved.getByRole('button', { name: 'Enable…' }).click()
  const confirmation = saved.getByRole('dialog', { name: `Enable ${name}` })
  await expect(confirmation).toContainText('runs on the prompt of every workbench turn')
  await expect(confirmation.getByTestId('enable-effects')).toContainText('✓ “tags a user message”: rewrites the prompt sent to openai/gpt-4o')
  await screenshots(page, 'rules-enable-confirmation')
  await confirmation.getByRole('button', { name: 'Yes, enable' }).click()
  await expect(confirmation).toHaveCount(0)
  await expect(saved).toContainText('enabled')
  await expect(saved.getByRole('button', { name: 'Disable' })).toBeVisible()

  await sendTurn(page, 'After enabling')
  await expect(composer.getByTestId('last-turn-rules')).toContainText(`Enabled rules acted: ${name}`)
  await expect(page.getByTestId('message').filter({ hasText: `you wrote "After enabling ${TAG}"` })).toHaveCount(1)
  await composer.getByTestId('last-turn-rules').scrollIntoViewIfNeeded()
  await screenshots(page, 'rules-enable-turn-badge', { fullPage: false })

  await mutate(page, 'playground.rules.delete', { id: rule.id })
  expect(browserErrors).toEqual([])
})

test('a rule whose fixtures fail is flagged and cannot be confirmed; a fixture saved against a rule that never matches it is warned about', async ({
  page,
}) => {
  const browserErrors = collectBrowserErrors(page)
  await signIn(page)
  const name = `never-matches-${Date.now().toString(36)}`
  const rule = await mutate<{ id: string }>(page, 'playground.rules.create', {
    name,
    code: `export default { name: '${name}', errorPatterns: [/Tool call id was/], fix() { return false } }`,
  })

  const strip = await saveFixture(page, name)
  const warning = strip.getByTestId('fixture-mismatch')
  await expect(warning).toContainText(`“${name}” does not handle this error`)
  await expect(warning).toContainText('expected an error pattern to match; none did')
  await strip.scrollIntoViewIfNeeded()
  await screenshots(page, 'rules-fixture-mismatch', { fullPage: false })

  await page.goto('/playground')
  const saved = page.getByTestId('saved-rule').filter({ hasText: name })
  await expect(saved.getByTestId('fixtures-failing')).toHaveText('1 failing fixture')
  await saved.getByRole('button', { name: 'Enable…' }).click()
  const confirmation = saved.getByRole('dialog', { name: `Enable ${name}` })
  await expect(confirmation.getByTestId('enable-effects')).toContainText('✗')
  await expect(confirmation).toContainText('1 failing fixture: fix the rule before enabling it.')
  await expect(confirmation.getByRole('button', { name: 'Yes, enable' })).toBeDisabled()
  await screenshots(page, 'rules-enable-blocked')

  await mutate(page, 'playground.rules.delete', { id: rule.id })
  expect(browserErrors).toEqual([])
})
