import { expect, test } from '@playwright/test'
import { initechRestoreDrill, RESTORE_TOOL_CALL_ID } from '@threadline/db/seed'
import { messageSnippet } from '@threadline/engine'
import { screenshots } from './branches.ts'
import { collectBrowserErrors, signIn } from './sign-in.ts'

// An operator forks the restore drill from its 4th message (the start of a
// long-running tool whose result is stored in the 5th), sees the preview warn
// about the split pair, creates the clone and follows its lineage.

const source = initechRestoreDrill
const textOf = (index: number) => {
  const part = source.messages[index]!.content.parts.find((candidate) => candidate.type === 'text')
  if (part === undefined) throw new Error(`message ${index + 1} has no text`)
  return part.text
}

test('fork from the 4th message with a limit: preview warning, create, ID map, lineage', async ({ page }) => {
  const browserErrors = collectBrowserErrors(page)
  await signIn(page)
  await page.getByRole('link', { name: source.thread.title, exact: true }).click()
  await expect(page.getByRole('heading', { name: source.thread.title, level: 1 })).toBeVisible()
  const messages = page.getByTestId('message')
  await expect(messages).toHaveCount(source.messages.length)
  // the call (message 4) and its result (message 5) are one linked card
  const callCard = messages.nth(3).getByTestId('tool-invocation')
  await expect(callCard).toContainText(RESTORE_TOOL_CALL_ID)
  await expect(callCard).toContainText('call + result')
  await expect(callCard.getByTestId('tool-result-link')).toContainText(source.messages[4]!.id)
  await expect(messages.nth(4).getByTestId('tool-result-reference')).toContainText(source.messages[3]!.id)
  // the chart the operator attached to message 6 is shown as an image
  const file = messages.nth(5).getByTestId('file-part')
  await expect(file).toContainText('image/svg+xml')
  await expect(file.getByRole('img')).toBeVisible()
  expect(await file.getByRole('img').evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(160)
  await screenshots(page, 'thread-timeline')

  await messages.nth(3).getByRole('link', { name: 'Clone from here…' }).click()
  await expect(page).toHaveURL(new RegExp(`/threads/${source.thread.id}/fork\\?at=${source.messages[3]!.id}$`))
  await expect(page.getByRole('heading', { name: 'Clone from a message', level: 1 })).toBeVisible()
  await expect(page.getByTestId('fork-point')).toContainText('#4')
  const preview = page.getByTestId('clone-preview')
  await expect(preview.getByTestId('preview-count')).toHaveText(`4 of ${source.messages.length}`)

  await page.getByLabel('Message limit').fill('3')
  await page.getByLabel('Title').fill('Restore drill, from the restore on')
  await expect(preview.getByTestId('preview-count')).toHaveText(`3 of ${source.messages.length}`)
  const splitWarning = preview.getByTestId('clone-warning').filter({ hasText: 'split-tool-pair' })
  await expect(splitWarning).toContainText(RESTORE_TOOL_CALL_ID)
  await expect(splitWarning).toContainText('the result is not cloned')
  // the cut also starts on an assistant turn whose user message stays behind
  await expect(preview.getByTestId('clone-warning').filter({ hasText: 'starts-with-assistant' })).toBeVisible()
  const copied = preview.locator('[data-testid="preview-message"][data-copied="true"]')
  await expect(copied).toHaveCount(3)
  await screenshots(page, 'fork-wizard')

  await page.getByRole('button', { name: 'Create clone' }).click()
  await expect(page).toHaveURL(/\/threads\/[0-9a-f-]{36}$/)
  const cloneUrl = page.url()
  await expect(page.getByRole('heading', { name: 'Restore drill, from the restore on', level: 1 })).toBeVisible()
  const idMap = page.getByTestId('clone-id-map')
  await expect(idMap).toContainText('3 messages copied with new IDs')
  for (const message of source.messages.slice(1, 4)) await expect(idMap).toContainText(message.id)
  await expect(messages).toHaveCount(3)
  for (const [position, sourceIndex] of [1, 2, 3].entries()) await expect(messages.nth(position)).toContainText(textOf(sourceIndex))
  // the clone holds the call without its result
  await expect(messages.nth(2).getByTestId('tool-invocation')).toContainText('call: no result yet')
  const sourceLink = page.getByTestId('clone-source-link')
  await expect(sourceLink).toHaveText(source.thread.title)
  // the fork point: the 4th message, the last one copied
  await expect(page.getByTestId('clone-fork-point')).toHaveText(source.messages[3]!.id)
  await screenshots(page, 'clone-created')

  await page.getByTestId('clone-panel').getByRole('link', { name: 'Lineage graph' }).click()
  await expect(page.getByRole('heading', { name: 'Lineage', level: 1 })).toBeVisible()
  const nodes = page.getByTestId('lineage-node')
  await expect(nodes).toHaveCount(2)
  await expect(nodes.filter({ hasText: 'this thread' })).toContainText('Restore drill, from the restore on')
  await expect(nodes.filter({ hasText: 'ancestor' })).toContainText(source.thread.title)
  // the fork point is marked on the edge: the message the clone was forked after
  await expect(page.getByTestId('lineage-graph')).toContainText(`forked after “${messageSnippet(source.messages[3]!, 60)}”`)
  await screenshots(page, 'lineage')
  await nodes.filter({ hasText: 'ancestor' }).click()
  await expect(page).toHaveURL(new RegExp(`/threads/${source.thread.id}$`))
  await expect(page.getByRole('heading', { name: source.thread.title, level: 1 })).toBeVisible()

  // leave the demo data as it was: delete the clone (the source keeps nothing of it)
  await page.goto(cloneUrl)
  await page.getByRole('button', { name: 'Delete…' }).click()
  await page.getByRole('button', { name: 'Yes, delete' }).click()
  await expect(page).toHaveURL(/\/\?deleted=/)
  await expect(page.getByRole('status').filter({ hasText: 'Deleted “Restore drill, from the restore on”' })).toBeVisible()
  expect(browserErrors).toEqual([])
})
