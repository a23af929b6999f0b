import { expect, test, type Page } from '@playwright/test'
import { acmeDeliveryStorm } from '@threadline/db/seed'
import { mutate, screenshots } from './branches.ts'
import { collectBrowserErrors, signIn } from './sign-in.ts'

// Issue 31 item 7, the Why list's "Fixtures and tokens" and "Smaller items":
// one test per defect, each failing on the commit before its fix for the
// reason it names. Every test works on threads and rules it makes itself.

test.describe.configure({ timeout: 180_000 })

const stamp = () => Date.now().toString(36)

/** A private copy of the delivery-storm thread (the turns and deletes of these tests touch no seeded thread). */
async function copyOfDeliveryStorm(page: Page, title: string): Promise<string> {
  const clone = await mutate<{ thread: { id: string } }>(page, 'clone.create', { sourceThreadId: acmeDeliveryStorm.thread.id, title, returnMessages: false })
  return clone.thread.id
}

/** Sends one demo turn from the thread page's composer and waits for it to finish. */
async function sendDemoTurn(page: Page, text: string): Promise<void> {
  const composer = page.getByTestId('composer')
  await expect(composer.getByTestId('composer-model')).toHaveValue('demo/scripted-replies')
  await composer.getByRole('textbox').fill(text)
  await composer.getByRole('button', { name: 'Send' }).click()
  await expect(composer.getByTestId('last-turn-rules')).toBeVisible({ timeout: 45_000 })
}

test('tokens: the form offers the custom-rules (playground) scope, and the token list shows it', async ({ page }) => {
  const browserErrors = collectBrowserErrors(page)
  await signIn(page, '/tokens')
  const name = `rules-runner ${stamp()}`
  await page.getByLabel('Name').fill(name)
  await page.getByRole('checkbox', { name: 'acme-support' }).check()
  await page.getByRole('checkbox', { name: 'Can run custom rules (playground scope)' }).check()
  await page.getByRole('button', { name: 'Issue token' }).click()
  const row = page.getByTestId('token-row').filter({ hasText: name })
  await expect(row).toContainText('runs custom rules')
  await screenshots(page, 'why-tokens-rules-scope')
  expect(browserErrors).toEqual([])
})

test('tokens: with no name, the form says why Issue is disabled', async ({ page }) => {
  await signIn(page, '/tokens')
  await page.getByRole('checkbox', { name: 'acme-support' }).check()
  await expect(page.getByRole('button', { name: 'Issue token' })).toBeDisabled()
  await expect(page.getByText('Name the token to issue it.')).toBeVisible()
  await page.getByLabel('Name').fill('named now')
  await expect(page.getByRole('button', { name: 'Issue token' })).toBeEnabled()
  await expect(page.getByText('Name the token to issue it.')).toHaveCount(0)
})

test('rules: the failing-fixtures flag is the result stored when the rule was saved, with when it ran', async ({ page }) => {
  const browserErrors = collectBrowserErrors(page)
  await signIn(page)
  const name = `stored-health-${stamp()}`
  const prompt = [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }]
  const rule = await mutate<{ id: string }>(page, 'playground.rules.create', {
    name,
    code: `export default { name: '${name}', applyToPrompt({ prompt }) { return [...prompt, { role: 'system', content: 'tagged' }] } }`,
    fixtures: [{ name: 'claims no rewrite', kind: 'prompt', model: 'openai/gpt-4o', prompt, expect: { fires: false } }],
  })
  await page.goto('/playground')
  const saved = page.getByTestId('saved-rule').filter({ hasText: name })
  await expect(saved.getByTestId('fixtures-failing')).toHaveText('1 failing fixture')
  await expect(saved.getByTestId('fixtures-checked')).toHaveText(/^fixtures checked (just now|\d+ seconds? ago)$/)
  await screenshots(page, 'why-rules-stored-health')
  await mutate(page, 'playground.rules.delete', { id: rule.id })
  expect(browserErrors).toEqual([])
})

test('model labels: the composer, the saved reply and the calls page name the demo model one way', async ({ page }) => {
  const browserErrors = collectBrowserErrors(page)
  await signIn(page)
  const threadId = await copyOfDeliveryStorm(page, `Model labels ${stamp()}`)
  await page.goto(`/threads/${threadId}`)
  await expect(page.getByTestId('composer').getByTestId('composer-model').locator('option:checked')).toHaveText(/^Demo: scripted replies · /)
  await sendDemoTurn(page, 'Which label?')
  const reply = page.getByTestId('message').filter({ hasText: 'you wrote "Which label?"' })
  await expect(reply).toContainText('Demo: scripted replies')
  await expect(reply).not.toContainText('demo / scripted-replies')
  await page.goto('/calls?model=demo%2Fscripted-replies')
  await expect(page.getByTestId('call-row').first()).toContainText('Demo: scripted replies')
  await mutate(page, 'threads.delete', { threadId })
  expect(browserErrors).toEqual([])
})

test('recall index: the searchable count follows a turn', async ({ page }) => {
  const browserErrors = collectBrowserErrors(page)
  await signIn(page)
  const threadId = await copyOfDeliveryStorm(page, `Searchable count ${stamp()}`)
  await page.goto(`/threads/${threadId}`)
  const status = page.getByTestId('embeddings-status')
  await expect(status).toHaveText(/^Full-text recall: all \d+ messages searchable$/)
  const before = Number((await status.textContent())?.match(/\d+/)?.[0])
  await sendDemoTurn(page, 'Count me in')
  await expect(status).toHaveText(`Full-text recall: all ${before + 2} messages searchable`)
  await mutate(page, 'threads.delete', { threadId })
  expect(browserErrors).toEqual([])
})

test('no mid-word breaks: a branch names its parent "… in Denver" without splitting a word', async ({ page }) => {
  const browserErrors = collectBrowserErrors(page)
  await signIn(page)
  const at = acmeDeliveryStorm.messages[1]!.id
  const branch = await mutate<{ thread: { id: string } }>(page, 'branches.create', {
    sourceThreadId: acmeDeliveryStorm.thread.id,
    branchPointMessageId: at,
    title: `Wrap check ${stamp()}`,
  })
  await page.goto(`/threads/${branch.thread.id}`)
  const parent = page.getByTestId('branch-metadata').getByRole('link', { name: acmeDeliveryStorm.thread.title })
  await expect(parent).toBeVisible()
  for (const width of [1440, 800, 390]) {
    await page.setViewportSize({ width, height: 900 })
    // every word of the title sits on one line (a word split across lines has two boxes)
    const split = await parent.evaluate((link) => {
      const text = link.firstChild!
      const words: string[] = []
      for (const match of (text.textContent ?? '').matchAll(/\S+/g)) {
        const range = document.createRange()
        range.setStart(text, match.index)
        range.setEnd(text, match.index + match[0].length)
        if (range.getClientRects().length > 1) words.push(match[0])
      }
      return words
    })
    expect(split, `${width} px`).toEqual([])
  }
  await screenshots(page, 'why-branch-of-title')
  await mutate(page, 'threads.delete', { threadId: branch.thread.id })
  expect(browserErrors).toEqual([])
})

test("retry simulator: an Anthropic 429 is explained as Anthropic's, not with the OpenAI matcher's name", async ({ page }) => {
  const browserErrors = collectBrowserErrors(page)
  await signIn(page, '/playground?tab=retry')
  await expect(page.getByLabel('Error preset')).toHaveValue('anthropicRateLimited')
  await page.getByRole('button', { name: 'Simulate attempts' }).click()
  const timeline = page.getByTestId('retry-timeline')
  await expect(timeline.getByTestId('retry-attempt').first()).toContainText('built-in matcher for Anthropic errors (type “rate_limit_error”)')
  await expect(timeline).not.toContainText('OpenAI')
  await screenshots(page, 'why-retry-anthropic')
  expect(browserErrors).toEqual([])
})

test('lineage: the zoom controls cover no card', async ({ page }) => {
  const browserErrors = collectBrowserErrors(page)
  await signIn(page)
  const created: string[] = []
  for (const index of [1, 2, 3]) {
    const at = acmeDeliveryStorm.messages[index]!.id
    const branch = await mutate<{ thread: { id: string } }>(page, 'branches.create', {
      sourceThreadId: acmeDeliveryStorm.thread.id,
      branchPointMessageId: at,
      title: `Zoom check ${index}`,
    })
    created.push(branch.thread.id)
  }
  await page.goto(`/threads/${created[0]}/lineage`)
  const graph = page.getByTestId('lineage-graph')
  await expect(graph.getByTestId('lineage-node').first()).toBeVisible()
  for (const width of [1440, 800]) {
    await page.setViewportSize({ width, height: 900 })
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
    const controls = (await graph.locator('.react-flow__controls').boundingBox())!
    for (const node of await graph.locator('.react-flow__node').all()) {
      const box = (await node.boundingBox())!
      const overlaps =
        box.x < controls.x + controls.width && controls.x < box.x + box.width && box.y < controls.y + controls.height && controls.y < box.y + box.height
      expect(overlaps, `${width} px: ${await node.textContent()}`).toBe(false)
    }
  }
  // the current branch's badge on one line ("this thread · / branch" wrapped beside a cut resource), its title whole
  const current = graph.locator(`[data-thread-id="${created[0]}"]`)
  const kind = current.getByText(/^⎇ this thread · branch$/)
  expect(
    await kind.evaluate((badge) => (badge instanceof HTMLElement ? badge.offsetHeight : Number.NaN) / Number.parseFloat(getComputedStyle(badge).lineHeight)),
  ).toBeLessThan(1.5)
  expect(await current.getByText('Zoom check 1').evaluate((title) => title.scrollWidth - title.clientWidth)).toBe(0)
  await screenshots(page, 'why-lineage-controls')
  for (const threadId of created) await mutate(page, 'threads.delete', { threadId })
  expect(browserErrors).toEqual([])
})

test('message search: a message and its clone copies are one hit, the copies listed under it', async ({ page }) => {
  const browserErrors = collectBrowserErrors(page)
  await signIn(page)
  const title = `Search copy ${stamp()}`
  const threadId = await copyOfDeliveryStorm(page, title)
  await page.goto('/?in=messages&q=1Z999AA10123456784')
  const hits = page.getByTestId('message-hit').filter({ hasText: 'Tracking number 1Z999AA10123456784' })
  await expect(hits).toHaveCount(1)
  await expect(hits.getByTestId('message-hit-thread')).toHaveText(acmeDeliveryStorm.thread.title)
  const copies = page.getByRole('listitem').filter({ has: hits }).getByTestId('message-hit-copies')
  await expect(copies).toContainText(title)
  await expect(copies).toContainText('Delivery delay (continued on Claude)')
  await screenshots(page, 'why-message-search-copies')
  await copies.getByRole('link', { name: title }).click()
  await expect(page).toHaveURL(new RegExp(`/threads/${threadId}#m-`))
  await mutate(page, 'threads.delete', { threadId })
  expect(browserErrors).toEqual([])
})

test('delete: the confirmation names the branches it affects', async ({ page }) => {
  const browserErrors = collectBrowserErrors(page)
  await signIn(page)
  const threadId = await copyOfDeliveryStorm(page, `Delete names ${stamp()}`)
  await page.goto(`/threads/${threadId}`)
  const first = page.getByTestId('message').first()
  const at = await first.getAttribute('data-message-id')
  for (const title of ['Refund path', 'Escalation path']) {
    await mutate(page, 'branches.create', { sourceThreadId: threadId, branchPointMessageId: at, title })
  }
  await page.reload()
  // the timeline opens scrolled to its newest message: wait for that first, or the scroll takes the confirmation out of view
  await expect(page.getByTestId('message').last()).toBeInViewport()
  await page.getByRole('button', { name: 'Delete…' }).click()
  const named = page.getByTestId('delete-affected-branches')
  await expect(named).toContainText('“Refund path”')
  await expect(named).toContainText('“Escalation path”')
  await expect(page.getByTestId('delete-branches-choice')).toContainText('This thread has 2 branches reading its history')
  await expect(page.getByTestId('delete-branches-choice')).toBeInViewport()
  await screenshots(page, 'why-delete-names-branches', { fullPage: false })
  await page.getByRole('button', { name: 'Delete its branches too' }).click()
  await expect(page).toHaveURL(/\/\?deleted=/)
  expect(browserErrors).toEqual([])
})

test('audit: deleting a rule records its name', async ({ page }) => {
  const browserErrors = collectBrowserErrors(page)
  await signIn(page)
  const name = `audited-${stamp()}`
  const rule = await mutate<{ id: string }>(page, 'playground.rules.create', {
    name,
    code: `export default { name: '${name}', applyToPrompt({ prompt }) { return prompt } }`,
  })
  await mutate(page, 'playground.rules.delete', { id: rule.id })
  await page.goto('/audit')
  await page.getByLabel('Action').selectOption('rule.delete')
  const row = page
    .getByTestId('audit-row')
    .filter({ hasText: `Target ${rule.id}` })
    .filter({ hasText: 'rule.delete' })
  await expect(row).toContainText(`name: ${name}`)
  // the newest entry is also on the unfiltered page: wait until the filtered page replaced it, or the full-page
  // capture measures the long unfiltered page and draws the short filtered one on it (2600 px blank below)
  await expect(page.getByTestId('audit-row').filter({ hasNotText: 'rule.delete' })).toHaveCount(0)
  await screenshots(page, 'why-audit-rule-name')
  expect(browserErrors).toEqual([])
})

test('terminology: the clone wizard says Clone, as the button that opens it', async ({ page }) => {
  const browserErrors = collectBrowserErrors(page)
  const message = acmeDeliveryStorm.messages[2]!
  await signIn(page, `/threads/${acmeDeliveryStorm.thread.id}`)
  await page.locator(`[data-message-id="${message.id}"]`).getByRole('link', { name: 'Clone from here…' }).click()
  await expect(page.getByRole('heading', { name: 'Clone from a message', level: 1 })).toBeVisible()
  await expect(page).toHaveTitle(/^Clone /)
  // the preview follows the fork point (#3): wait for its count and rows, or the capture shows a preview mid-update
  await expect(page.getByTestId('preview-count')).toContainText('3 of 6')
  await expect(page.locator('[data-testid="preview-message"][data-copied="true"]')).toHaveCount(3)
  await screenshots(page, 'why-clone-wizard')
  expect(browserErrors).toEqual([])
})
