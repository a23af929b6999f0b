import { expect, test, type Page } from '@playwright/test'
import { initechIncident } from '@threadline/db/seed'
import { mutate, screenshots } from './branches.ts'
import { silentlyCutBoxes } from './cut-boxes.ts'
import { collectBrowserErrors, signIn } from './sign-in.ts'

// Issue 31, "The call trace shows the call": a turn sent from the composer
// with a temperature and a max-tokens limit records its call; the call's trace
// shows the prompt as sent (by role), the reply, the run parameters, the token
// counts (the demo provider's labelled as estimates) and the estimated cost.
// The context-window view labels each section by how it was found and shows
// the prompt after the compat rules under its own heading.

// the incident thread: thread-scoped observational memory (the context view)
const thread = initechIncident.thread
const threadPath = `/threads/${thread.id}`

test.describe.configure({ timeout: 180_000 })

/** A thread of its own for the turn (the seeded threads keep their message counts for the other specs), with no call yet. */
async function freshThread(page: Page): Promise<string> {
  const threadId = `call-trace-e2e-${Date.now()}`
  const { resourceId } = thread
  await mutate(page, 'threads.create', { threadId, resourceId, title: 'Call trace e2e' })
  const text = 'Which service failed?'
  const message = { id: `${threadId}-m0`, threadId, resourceId, role: 'user', createdAt: new Date().toISOString(), type: 'v2' }
  await mutate(page, 'messages.save', { messages: [{ ...message, content: { format: 2, parts: [{ type: 'text', text }], content: text } }] })
  return threadId
}

test('a turn with run parameters: its call shows the prompt, the reply, the parameters and an estimated cost', async ({ page }) => {
  const browserErrors = collectBrowserErrors(page)
  await signIn(page)
  await page.goto(`/threads/${await freshThread(page)}`)
  const messages = page.getByTestId('message')
  await expect(messages.first()).toBeVisible()
  const before = await messages.count()
  const composer = page.getByTestId('composer')
  await expect(composer.getByTestId('composer-model')).toHaveValue('demo/scripted-replies')
  await composer.getByLabel('Temperature').fill('3')
  await expect(composer.getByRole('alert')).toHaveText('Temperature must be a number from 0 to 2.')
  await composer.getByRole('textbox', { name: 'Continue the thread' }).fill('Trace this call, please.')
  await expect(composer.getByRole('button', { name: 'Send' })).toBeDisabled()
  await composer.getByLabel('Temperature').fill('0.4')
  await composer.getByLabel('Max tokens').fill('300')
  await composer.getByRole('button', { name: 'Send' }).click()
  await expect(messages).toHaveCount(before + 2, { timeout: 45_000 })

  const strip = page.getByTestId('call-strip')
  await expect(strip).toHaveCount(1)
  await strip.getByRole('button').first().click()
  const trace = strip.getByTestId('call-trace')
  await expect(trace.getByTestId('call-parameters')).toHaveText('temperature 0.4 · max tokens 300')
  const prompt = trace.getByTestId('call-prompt')
  await expect(prompt.getByRole('heading')).toHaveText('Prompt as sent (after the compat rules)')
  await expect(prompt.getByTestId('call-prompt-message').first()).toHaveAttribute('data-role', 'system')
  await expect(prompt.getByTestId('call-prompt-message').last()).toHaveAttribute('data-role', 'user')
  await expect(prompt.getByTestId('call-prompt-message').last()).toContainText('Trace this call, please.')
  await expect(trace.getByTestId('call-reply')).toContainText('Scripted demo reply: you wrote "Trace this call, please."')
  await expect(trace.getByTestId('call-tokens')).toContainText('estimated by the demo provider')
  await expect(trace.getByText('Estimated cost')).toBeVisible()
  await expect(trace.getByTestId('call-cost')).toHaveText(/no price known for demo\/scripted-replies/)

  // the same call on the Calls page
  await page.goto('/calls?model=demo%2Fscripted-replies')
  const row = page.getByTestId('call-row').first()
  await row.getByRole('button').first().click()
  await expect(row.getByTestId('call-parameters')).toHaveText('temperature 0.4 · max tokens 300')
  await expect(row.getByTestId('call-reply')).toContainText('Trace this call, please.')
  // the card scrolled to its top lands below the sticky header, its thread link whole (it was cut in half under it)
  await row.evaluate((card) => card.scrollIntoView({ block: 'start' }))
  const headerBottom = await page.getByRole('banner').evaluate((header) => header.getBoundingClientRect().bottom)
  expect(await row.evaluate((card) => card.getBoundingClientRect().top)).toBeGreaterThanOrEqual(headerBottom)
  await screenshots(page, 'call-trace-detail', { fullPage: false })
  expect(browserErrors).toEqual([])
})

test('the context-window view labels each section by how it was found and shows the prompt after the rules', async ({ page }) => {
  const browserErrors = collectBrowserErrors(page)
  await signIn(page, `${threadPath}/context`)
  const view = page.getByTestId('context-window')
  await expect(view).toBeVisible()
  await page.getByRole('textbox', { name: 'Next user message (optional)' }).fill('What caused the INC-2291 outage?')
  await expect(view.locator('[data-kind="new-message"]')).toContainText('What caused the INC-2291 outage?')
  // no embedding model here: recall is full-text, and says so (not "semantic")
  await expect(view.locator('[data-kind="recall"] h3')).toHaveText('Full-text recall (keyword search)')
  await expect(view.locator('[data-kind="last-messages"] h3')).toHaveText(/^Recent messages \(the last \d+\)$/)
  await expect(view.locator('[data-kind="observational-memory"] h3')).toHaveText('Observational memory')
  await expect(view.getByRole('heading', { name: 'Assembled by memory (before the compat rules)' })).toBeVisible()
  const sent = view.getByTestId('sent-prompt')
  await expect(sent.getByRole('heading')).toHaveText('Prompt as sent (after the compat rules)')
  await expect(sent.getByTestId('sent-prompt-message').last()).toContainText('What caused the INC-2291 outage?')
  // shown whole: a scroll box cut its last row in half in the screenshots
  expect(
    await sent
      .getByRole('list')
      .first()
      .evaluate((list) => list.scrollHeight - list.clientHeight),
  ).toBe(0)
  // nothing is cut without a Show all: the system message (instructions and working memory) stops at four rows with one
  expect(await silentlyCutBoxes(view)).toEqual([])
  const system = sent.getByTestId('sent-prompt-message').first()
  await system.getByRole('button', { name: /^Show all \(\d+ lines\)$/ }).click()
  await expect(system.getByRole('button', { name: 'Show less' })).toBeVisible()
  expect(await system.evaluate((message) => [...message.querySelectorAll('*')].filter((box) => box.scrollHeight > box.clientHeight + 1).length)).toBe(0)
  // a recalled message's origin chip is cut with an ellipsis and names its thread whole in its title
  const origin = view
    .locator('[data-kind="recall"]')
    .getByTitle(/^from initech-\S+: stored in that thread/)
    .first()
  await expect(origin).toBeVisible()
  await expect(origin.locator('span')).toHaveCSS('text-overflow', 'ellipsis')
  // observation priorities drawn as dots, not as emoji (empty boxes without a colour emoji font)
  const observations = view.locator('[data-kind="observational-memory"]')
  await expect(observations.getByRole('img', { name: /^(High|Medium|Low) priority$/ }).first()).toBeVisible()
  expect(await observations.textContent()).not.toMatch(/[🔴🟡🟢]/u)
  await screenshots(page, 'context-window-after-rules')
  expect(browserErrors).toEqual([])
})
