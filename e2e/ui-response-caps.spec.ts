import { expect, test, type Page } from '@playwright/test'
import { initechRestoreDrill } from '@threadline/db/seed'
import { mutate, screenshots } from './branches.ts'
import { collectBrowserErrors, signIn } from './sign-in.ts'

// A thread longer than one answer (README: "Response caps"): the fork preview
// marks a page of the selected ids and loads more, the clone still copies them
// all; the playground runs its rules on one window and moves to the next;
// Compare shows the first page of each side and counts it whole.

const MESSAGES = 1200
const resourceId = initechRestoreDrill.thread.resourceId

async function bigThread(page: Page): Promise<string> {
  const threadId = `caps-e2e-${Date.now()}`
  await mutate(page, 'threads.create', { threadId, resourceId, title: `Long thread ${threadId}` })
  const at = Date.parse('2026-02-01T00:00:00Z')
  for (let start = 0; start < MESSAGES; start += 600) {
    const messages = Array.from({ length: 600 }, (_, i) => {
      const index = start + i
      const text = `Message ${index + 1} of the long thread`
      return {
        id: `${threadId}-${String(index).padStart(5, '0')}`,
        threadId,
        resourceId,
        role: index % 2 ? 'assistant' : 'user',
        createdAt: new Date(at + index * 1000).toISOString(),
        type: 'v2',
        content: { format: 2, parts: [{ type: 'text', text }], content: text },
      }
    })
    await mutate(page, 'messages.save', { messages })
  }
  return threadId
}

test('a long thread: the fork preview pages its ids and the clone copies all; the playground runs window by window; Compare caps a side', async ({ page }) => {
  test.setTimeout(420_000)
  const browserErrors = collectBrowserErrors(page)
  await signIn(page)
  const threadId = await bigThread(page)

  await page.goto(`/threads/${threadId}/fork`)
  // a thousand source messages to render on a loaded machine
  await expect(page.getByRole('heading', { name: 'Clone a thread', level: 1 })).toBeVisible({ timeout: 60_000 })
  await expect(page.getByTestId('preview-count')).toHaveText(`${MESSAGES.toLocaleString('en')} of ${MESSAGES.toLocaleString('en')}`, { timeout: 30_000 })
  const paged = page.getByTestId('preview-ids-paged')
  await expect(paged).toContainText(
    `Showing 500 of ${MESSAGES.toLocaleString('en')} selected message IDs. The clone copies all ${MESSAGES.toLocaleString('en')}.`,
  )
  // the first selected messages are listed (issue 31: the selection first, never a 1,000-row source list)
  const copied = page.locator('[data-testid="preview-message"][data-copied="true"]')
  await expect(copied).toHaveCount(100)
  await screenshots(page, 'fork-preview-paged')
  await paged.getByRole('button', { name: 'Load more IDs' }).click()
  await expect(paged).toContainText(`Showing 1,000 of ${MESSAGES.toLocaleString('en')}`)
  await paged.getByRole('button', { name: 'Load more IDs' }).click()
  await expect(paged).toContainText(`Showing ${MESSAGES.toLocaleString('en')} of ${MESSAGES.toLocaleString('en')}`)
  await expect(paged.getByRole('button', { name: 'Load more IDs' })).toHaveCount(0)

  await page.getByRole('button', { name: 'Create clone' }).click()
  await expect(page).not.toHaveURL(/\/fork/, { timeout: 60_000 })
  await expect(page.getByTestId('clone-id-map')).toContainText(`Clone created: ${MESSAGES} messages copied with new IDs`, { timeout: 60_000 })

  await page.goto(`/playground?thread=${encodeURIComponent(threadId)}`)
  await page.getByLabel('Target model').fill('openai/gpt-4o')
  await page.getByRole('button', { name: 'Run rules' }).click()
  const window = page.getByTestId('thread-window')
  await expect(window).toContainText(`Showing messages 1–100 of ${MESSAGES}`, { timeout: 60_000 })
  await screenshots(page, 'playground-thread-window')
  await window.getByRole('button', { name: 'Next messages' }).click()
  await expect(window).toContainText(`Showing messages 101–200 of ${MESSAGES}`, { timeout: 60_000 })
  await window.getByRole('button', { name: 'First messages' }).click()
  await expect(window).toContainText(`Showing messages 1–100 of ${MESSAGES}`, { timeout: 60_000 })

  // Compare with an unrelated thread: the long side is counted whole and shows its first page
  await page.goto(`/compare?a=${encodeURIComponent(threadId)}&b=${encodeURIComponent(initechRestoreDrill.thread.id)}`)
  const longSide = page.getByTestId('compare-a')
  await expect(longSide).toContainText(`${MESSAGES} messages after the common point`, { timeout: 60_000 })
  await expect(longSide.getByTestId('compare-truncated')).toHaveText(`Showing the first 200 of ${MESSAGES}.`)
  await expect(page.getByTestId('compare-message-a')).toHaveCount(200)
  await expect(page.getByTestId('compare-b').getByTestId('compare-truncated')).toHaveCount(0)
  await screenshots(page, 'compare-capped', { fullPage: false })
  expect(browserErrors).toEqual([])
})
