import { expect, test, type Page } from '@playwright/test'
import { demoThreads } from '@threadline/db/seed'
import { mutate, screenshots } from './branches.ts'
import { collectBrowserErrors, signIn } from './sign-in.ts'

// Forks you can name, pick and compare, and promotion that keeps ids working
// (issue 31, items 3 and 4). Each test works on a thread of its own, made over
// the API, and deletes what it made: the seeded threads stay as they are.

test.describe.configure({ timeout: 180_000 })

const resourceId = demoThreads[0]!.thread.resourceId
const at = Date.parse('2026-03-01T09:00:00Z')

/** A thread of `texts` (user and assistant in turn) over the API; returns its id and its message ids in order. */
async function threadOf(page: Page, title: string, texts: string[]): Promise<{ id: string; messageIds: string[] }> {
  const id = `fc-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`
  await mutate(page, 'threads.create', { threadId: id, resourceId, title })
  const messages = texts.map((text, index) => ({
    id: `${id}-m${index + 1}`,
    threadId: id,
    resourceId,
    role: index % 2 ? 'assistant' : 'user',
    createdAt: new Date(at + index * 60_000).toISOString(),
    type: 'v2',
    content: { format: 2, parts: [{ type: 'text', text }], content: text },
  }))
  await mutate(page, 'messages.save', { messages })
  return { id, messageIds: messages.map((message) => message.id) }
}

/** Appends one message to a thread (a branch's own message), a minute after `minute`. */
async function say(page: Page, threadId: string, minute: number, text: string): Promise<void> {
  const content = { format: 2, parts: [{ type: 'text', text }], content: text }
  const message = {
    id: `${threadId}-own-${minute}`,
    threadId,
    resourceId,
    role: 'user',
    createdAt: new Date(at + minute * 60_000).toISOString(),
    type: 'v2',
    content,
  }
  await mutate(page, 'messages.save', { messages: [message] })
}

/** A tRPC query over HTTP as the signed-in operator. */
async function query<Output>(page: Page, procedure: string, input: unknown): Promise<Output> {
  const response = await page.request.get(`/api/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`)
  expect(response.ok(), `${procedure}: ${await response.text()}`).toBe(true)
  return ((await response.json()) as { result: { data: { json: Output } } }).result.data.json
}

const ten = Array.from({ length: 10 }, (_, index) => `Step ${index + 1} of the rollout plan`)

test('b opens a branch dialog named from the message: Escape persists nothing, typing a name and Enter creates it', async ({ page }) => {
  const browserErrors = collectBrowserErrors(page)
  await signIn(page)
  const source = await threadOf(page, 'Rollout plan', ['Can we ship the billing migration on Friday night?', 'Only with a rollback plan.', 'Then write it.'])
  await page.goto(`/threads/${source.id}`)
  const messages = page.getByTestId('message')
  await expect(messages).toHaveCount(3)

  // j focuses the first message, b asks for a name (prefilled from it, selected)
  await page.keyboard.press('j')
  await page.keyboard.press('b')
  const dialog = page.getByTestId('branch-dialog')
  const name = dialog.getByLabel('Branch name')
  await expect(name).toBeFocused()
  await expect(name).toHaveValue('Can we ship the billing migration…')
  await screenshots(page, 'branch-dialog', { fullPage: false })
  // a stray b, then Escape: no thread was written
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  expect(await query<unknown[]>(page, 'branches.list', { threadId: source.id })).toEqual([])
  await expect(page).toHaveURL(new RegExp(`/threads/${source.id}$`))

  // b, type, Enter: the branch is created with that name and opens
  await messages.first().focus()
  await page.keyboard.press('b')
  await page.keyboard.type('Friday with rollback')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Friday with rollback', level: 1 })).toBeVisible()
  const branches = await query<{ id: string; title: string }[]>(page, 'branches.list', { threadId: source.id })
  expect(branches.map((branch) => branch.title)).toEqual(['Friday with rollback'])

  // titles, not UUIDs: the Threads lineage column names the source, the lineage list shows no ids
  await page.goto(`/?q=${encodeURIComponent('Friday with rollback')}`)
  const row = page.getByTestId('thread-row').filter({ hasText: 'Friday with rollback' })
  await expect(row.getByTestId('branch-badge')).toContainText('of Rollout plan')
  await expect(row.getByTestId('branch-badge')).not.toContainText(source.id)
  await page.goto(`/threads/${branches[0]!.id}/lineage`)
  await expect(page.getByRole('link', { name: 'Rollout plan' }).first()).toBeVisible()
  await expect(page.getByText(source.id, { exact: true })).toHaveCount(0)

  await mutate(page, 'threads.delete', { threadId: source.id, branches: 'delete' })
  expect(browserErrors).toEqual([])
})

test('the compare picker: two threads found by title, or two picked in the lineage view; rows aligned, changed words marked', async ({ page }) => {
  const browserErrors = collectBrowserErrors(page)
  await signIn(page)
  const source = await threadOf(page, `Trip planning ${Date.now()}`, ['I need to get to Denver next week.', 'How would you like to travel?'])
  const flight = await mutate<{ thread: { id: string } }>(page, 'branches.create', { sourceThreadId: source.id, title: 'By plane' })
  const train = await mutate<{ thread: { id: string } }>(page, 'branches.create', { sourceThreadId: source.id, title: 'By rail' })
  await say(page, flight.thread.id, 10, 'Book a flight to Denver on Tuesday morning')
  await say(page, train.thread.id, 10, 'Book a train to Denver on Friday morning')

  await page.goto('/compare')
  const picker = page.getByTestId('compare-picker')
  await picker.getByTestId('compare-pick-a').getByRole('searchbox').fill('By plane')
  await picker
    .getByTestId('compare-pick-a')
    .getByRole('button', { name: /By plane/ })
    .click()
  await picker.getByTestId('compare-pick-b').getByRole('searchbox').fill('By rail')
  await picker
    .getByTestId('compare-pick-b')
    .getByRole('button', { name: /By rail/ })
    .click()
  await picker.getByRole('button', { name: 'Compare' }).click()
  await expect(page).toHaveURL(`/compare?a=${flight.thread.id}&b=${train.thread.id}`)
  await expect(page.getByTestId('compare-common')).toContainText('They share 2 messages, starting at #1')
  // one row: each branch's own message side by side, the words that differ marked
  const row = page.getByTestId('compare-row')
  await expect(row).toHaveCount(1)
  await expect(row.getByTestId('compare-message-a').getByTestId('changed-words')).toHaveText(['flight', 'Tuesday'])
  await expect(row.getByTestId('compare-message-b').getByTestId('changed-words')).toHaveText(['train', 'Friday'])
  await expect(page.getByTestId('compare-a')).toContainText('By plane')
  await screenshots(page, 'compare-picked')

  // the lineage view: tick two threads, Compare
  await page.goto(`/threads/${source.id}/lineage`)
  await page.getByRole('checkbox', { name: 'Pick “By plane” to compare' }).check()
  await page.getByRole('checkbox', { name: 'Pick “By rail” to compare' }).check()
  await page.getByTestId('lineage-compare').click()
  await expect(page).toHaveURL(`/compare?a=${flight.thread.id}&b=${train.thread.id}`)
  await expect(page.getByTestId('compare-row')).toHaveCount(1)

  await mutate(page, 'threads.delete', { threadId: source.id, branches: 'delete' })
  expect(browserErrors).toEqual([])
})

test('a clone of messages 3-8 compared with its source: 6 shared from #3, #1-#2 before the common point, #9-#10 after it', async ({ page }) => {
  const browserErrors = collectBrowserErrors(page)
  await signIn(page)
  const source = await threadOf(page, `Rollout ${Date.now()}`, ten)
  const clone = await mutate<{ thread: { id: string } }>(page, 'clone.create', {
    sourceThreadId: source.id,
    title: 'Steps 3 to 8',
    options: { messageFilter: { messageIds: source.messageIds.slice(2, 8) } },
    returnMessages: false,
  })
  await page.goto(`/threads/${clone.thread.id}`)
  await page.getByTestId('clone-compare-with-source').click()
  await expect(page).toHaveURL(`/compare?a=${source.id}&b=${clone.thread.id}`)
  await expect(page.getByTestId('compare-common')).toContainText('They share 6 messages, starting at #3 of')
  await expect(page.getByTestId('compare-common')).toContainText('(#1 of “Steps 3 to 8”)')
  // #1-#2 are what the clone left out, not divergence
  const before = page.getByTestId('compare-before-a')
  await expect(before).toContainText('2 messages the other has not')
  await expect(before).toContainText('Step 1 of the rollout plan')
  await expect(before).toContainText('Step 2 of the rollout plan')
  await expect(page.getByTestId('compare-a')).toContainText('2 messages after the common point')
  await expect(page.getByTestId('compare-message-a')).toHaveText([/Step 9 of/, /Step 10 of/])
  await expect(page.getByTestId('compare-b')).toContainText('Nothing after the common point.')
  await screenshots(page, 'compare-partial-clone')

  await mutate(page, 'threads.delete', { threadId: clone.thread.id })
  await mutate(page, 'threads.delete', { threadId: source.id })
  expect(browserErrors).toEqual([])
})

test('promote a branch, then open its old id: the thread now holding its history, with a notice naming both by title', async ({ page }) => {
  const browserErrors = collectBrowserErrors(page)
  await signIn(page)
  const source = await threadOf(page, `Escalation ${Date.now()}`, ten.slice(0, 4))
  const branch = await mutate<{ thread: { id: string } }>(page, 'branches.create', {
    sourceThreadId: source.id,
    branchPointMessageId: source.messageIds[1],
    title: 'Escalate to tier 2',
  })
  await say(page, branch.thread.id, 30, 'Escalating to tier 2 now')

  await page.goto(`/threads/${branch.thread.id}`)
  await page.getByRole('button', { name: 'Promote…' }).click()
  await page.getByTestId('promote-dialog').getByRole('button', { name: 'Promote' }).click()
  await expect(page).toHaveURL(new RegExp(`/threads/${source.id}\\?promoted=`))
  // the new tail by its title, not its UUID
  const sourceTitle = (await query<{ thread: { title: string } }>(page, 'threads.get', { threadId: source.id })).thread.title
  await expect(page.getByTestId('promoted-notice')).toContainText(`“Branch of ${sourceTitle}”`)

  // the old id (as the calls and audit pages link it) resolves, typed, and the page follows it
  const resolved = await query<{ thread: { id: string }; redirectedFrom: { threadId: string; title: string; reason: string } | null }>(page, 'threads.get', {
    threadId: branch.thread.id,
  })
  expect(resolved.thread.id).toBe(source.id)
  expect(resolved.redirectedFrom).toMatchObject({ threadId: branch.thread.id, title: 'Escalate to tier 2', reason: 'promoted' })
  await page.goto(`/threads/${branch.thread.id}`)
  await expect(page).toHaveURL(`/threads/${source.id}?movedFrom=${branch.thread.id}`)
  const notice = page.getByTestId('redirected-notice')
  await expect(notice).toContainText('Branch “Escalate to tier 2” was promoted')
  await expect(notice).toContainText(`Its history now lives in “${sourceTitle}”`)
  await expect(page.getByTestId('message').last()).toContainText('Escalating to tier 2 now')
  await screenshots(page, 'promoted-old-id')

  await mutate(page, 'threads.delete', { threadId: source.id, branches: 'delete' })
  expect(browserErrors).toEqual([])
})
