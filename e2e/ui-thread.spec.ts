import { expect, test } from '@playwright/test'
import { demoWorkingMemory, initechIncident } from '@threadline/db/seed'
import { screenshots } from './branches.ts'
import { collectBrowserErrors, signIn } from './sign-in.ts'

// The incident thread switched provider midway: OpenAI tool calls, then
// Anthropic signed thinking; it has thread-scoped working memory and an OM
// generation that observed messages 1-4 and buffered 5-6.

const thread = initechIncident.thread
const threadMemory = demoWorkingMemory.find((entry) => entry.key.scope === 'thread' && entry.key.threadId === thread.id)!.text

test('the timeline renders each part for what it is, with memory side panels', async ({ page }) => {
  const browserErrors = collectBrowserErrors(page)
  await signIn(page, `/threads/${thread.id}`)
  const messages = page.getByTestId('message')
  await expect(messages).toHaveCount(initechIncident.messages.length)

  // provenance: Anthropic thinking is signed; the OpenAI turn has tool cards with results
  const thinking = messages.nth(3).getByTestId('reasoning')
  await expect(thinking).toContainText('anthropic')
  await expect(thinking).toContainText('signed')
  await expect(messages.nth(1).getByTestId('tool-invocation')).toHaveCount(2)
  await expect(messages.nth(1).getByTestId('tool-invocation').first()).toContainText('call + result')

  // provider metadata on demand
  await expect(messages.nth(3).getByTestId('provider-metadata')).toHaveCount(0)
  await messages.nth(3).getByRole('button', { name: 'Provider metadata' }).click()
  await expect(messages.nth(3).getByTestId('provider-metadata')).toContainText('"signature"')
  await expect(messages.nth(3).getByTestId('provider-metadata')).toContainText('claude-opus-4-1-20250805')

  // observational memory: its observed and buffered messages are marked on the timeline
  const om = page.getByTestId('om-panel')
  await expect(om).toContainText('generation 0')
  await expect(om).toContainText('6 messages of this thread marked on the timeline')
  await expect(messages.filter({ hasText: 'OM observed · gen 0' })).toHaveCount(4)
  await expect(messages.filter({ hasText: 'OM buffered · gen 0' })).toHaveCount(2)

  // recall index: no embedding model configured, so recall is full-text and every message is searchable as written
  const embeddings = page.getByTestId('embeddings-panel')
  const total = initechIncident.messages.length
  await expect(embeddings.getByTestId('embeddings-status')).toHaveText(`Full-text recall: all ${total} messages searchable`)
  await expect(embeddings.getByRole('button', { name: 'Index missing vectors' })).toHaveCount(0)

  // working memory: edit the thread's, save, see it kept after a reload, put it back
  const wm = page.getByTestId('working-memory-panel')
  await wm.getByRole('tab', { name: 'This thread' }).click()
  const editor = wm.getByLabel('Working memory (thread scope)')
  await expect(editor).toHaveValue(threadMemory)
  await editor.fill(`${threadMemory}\n- Follow-up: alert on pool saturation`)
  await wm.getByRole('button', { name: 'Save' }).click()
  await expect(wm.getByRole('status')).toHaveText('Saved')
  await screenshots(page, 'thread-memory-panels')
  await page.reload()
  await page.getByTestId('working-memory-panel').getByRole('tab', { name: 'This thread' }).click()
  await expect(page.getByLabel('Working memory (thread scope)')).toHaveValue(`${threadMemory}\n- Follow-up: alert on pool saturation`)
  await page.getByLabel('Working memory (thread scope)').fill(threadMemory)
  await page.getByTestId('working-memory-panel').getByRole('button', { name: 'Save' }).click()
  await expect(page.getByTestId('working-memory-panel').getByRole('status')).toHaveText('Saved')
  expect(browserErrors).toEqual([])
})

test('the thread page and the explorer stay usable at 800 px', async ({ page }) => {
  const browserErrors = collectBrowserErrors(page)
  await page.setViewportSize({ width: 800, height: 900 })
  await signIn(page, `/threads/${thread.id}`)
  await expect(page.getByTestId('message')).toHaveCount(initechIncident.messages.length)
  await expect(page.getByTestId('om-panel')).toBeVisible()
  // nothing wider than the window
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(800)
  await page.getByRole('link', { name: 'Threads', exact: true }).click()
  await expect(page.getByTestId('thread-row').first()).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(800)
  expect(browserErrors).toEqual([])
})
