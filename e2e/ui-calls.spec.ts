import { expect, test } from '@playwright/test'
import { demoThreads } from '@threadline/db/seed'
import { screenshots } from './branches.ts'
import { collectBrowserErrors, signIn } from './sign-in.ts'

// Issue 14: a workbench turn (the demo provider over the loopback server)
// records its LLM call; the timeline shows it as a strip under the reply that
// expands to the trace, and the Calls page lists it with filters.

const thread = demoThreads.find((seed) => seed.thread.id === 'initech-oncall-handoff')!.thread
const threadPath = `/threads/${thread.id}`

test.describe.configure({ timeout: 120_000 })

test('a turn records its call: the strip under the reply, its trace, and the Calls page filters', async ({ page }) => {
  const browserErrors = collectBrowserErrors(page)
  await signIn(page)
  await page.goto(threadPath)
  const messages = page.getByTestId('message')
  await expect(messages.first()).toBeVisible()
  const before = await messages.count()
  const composer = page.getByTestId('composer')
  await composer.getByRole('textbox').fill('Record this call, please.')
  await composer.getByRole('button', { name: 'Send' }).click()
  await expect(messages).toHaveCount(before + 2, { timeout: 45_000 })

  const strip = page.getByTestId('call-strip')
  await expect(strip).toHaveCount(1)
  await expect(strip).toContainText('clean call')
  await strip.getByRole('button').click()
  const trace = strip.getByTestId('call-trace')
  await expect(trace).toContainText('demo/scripted-replies')
  await expect(trace).toContainText('Attempt 1')
  await expect(trace).toContainText('ok')
  await strip.scrollIntoViewIfNeeded()
  await screenshots(page, 'calls-timeline-strip', { fullPage: false })

  await page.getByRole('link', { name: 'Calls', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('LLM calls')
  const rows = page.getByTestId('call-row')
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toContainText('demo/scripted-replies')
  await rows.first().getByRole('button').first().click()
  await expect(rows.first().getByTestId('call-trace')).toContainText('Attempt 1')
  await screenshots(page, 'calls-page')

  await page.getByLabel('Show').selectOption('failed')
  await expect(page.getByText('No calls')).toBeVisible()
  await page.getByLabel('Show').selectOption('retried')
  await expect(page.getByText('No calls')).toBeVisible()
  await page.getByLabel('Show').selectOption('all')
  await page.getByLabel('Model').fill('demo/scripted-replies')
  await expect(rows).toHaveCount(1)
  await page.getByLabel('Model').fill('anthropic/claude-sonnet-4-5')
  await expect(page.getByText('No calls')).toBeVisible()
  await page.getByLabel('Model').fill('')
  await page.getByLabel('Rule').selectOption('anthropic-tool-id-format')
  await expect(page.getByText('No calls')).toBeVisible()
  await screenshots(page, 'calls-page-filtered')
  expect(browserErrors).toEqual([])
})
