import { expect, test, type Page } from '@playwright/test'
import { longThreadMessageId } from '@threadline/db/fixtures'
import { screenshots } from './branches.ts'
import { collectBrowserErrors, signIn } from './sign-in.ts'
import { expectBelowTimelineToolbar } from './timeline.ts'

// Threads far past the old 1,000-message cap, made by `pnpm fixture:long-thread`
// before the server starts (playwright.config.ts): 1,200 and 100,000 messages,
// message #n with the text "Long-thread message #n: token lt<n>. …".

test.describe.configure({ timeout: 240_000 })

/** The message card of #n, found by its id. */
const card = (page: Page, threadId: string, n: number) => page.locator(`[data-message-id="${longThreadMessageId(threadId, n)}"]`)

for (const size of [1200, 100_000]) {
  const threadId = `long-thread-${size}`
  const threadPath = `/threads/${threadId}`

  test(`a ${size.toLocaleString('en')}-message thread: opens at the newest, jumps to #1 and #N, finds, sends a turn, lands on a recall hit, forks from #1,150`, async ({
    page,
  }) => {
    const browserErrors = collectBrowserErrors(page)
    await signIn(page, threadPath)

    // opens at its newest messages, the newest in view
    await expect(card(page, threadId, size)).toBeInViewport()
    await expect(page.getByTestId('timeline-range')).toHaveText(
      `#${(size - 49).toLocaleString('en')}–#${size.toLocaleString('en')} of ${size.toLocaleString('en')}`,
    )
    await expect(page.getByText(/Showing the first/)).toHaveCount(0)

    // jump to the first message: loaded, in view, highlighted, named by the URL
    await page.getByTestId('timeline-toolbar').getByRole('button', { name: 'First', exact: true }).click()
    await expectBelowTimelineToolbar(page, card(page, threadId, 1))
    await expect(card(page, threadId, 1)).toHaveAttribute('data-highlighted', 'true')
    await expect(page).toHaveURL(new RegExp(`#m-${longThreadMessageId(threadId, 1)}$`))
    // scrolling up past a loaded page's start loads the one before (here: nothing before #1); "Load later" widens it
    await page.getByRole('button', { name: /Load later messages/ }).click()
    await expect(card(page, threadId, 100)).toHaveCount(1)

    // find in thread: a server-side search over the whole thread jumps to the hit
    await page.getByRole('searchbox', { name: 'Find in this thread' }).fill('lt1099')
    await page.getByRole('searchbox', { name: 'Find in this thread' }).press('Enter')
    await page.getByRole('list', { name: 'Matches' }).getByRole('button').first().click()
    await expect(page.getByTestId('find-status')).toHaveText(/^1 of 1/)
    await expectBelowTimelineToolbar(page, card(page, threadId, 1099))
    await expect(card(page, threadId, 1099)).toHaveAttribute('data-highlighted', 'true')
    await screenshots(page, `long-thread-${size}-find`, { fullPage: false })
    // a jump by number lands below the toolbar too
    await page.getByLabel('Go to #').fill('1000')
    await page.getByLabel('Go to #').press('Enter')
    await expectBelowTimelineToolbar(page, card(page, threadId, 1000))

    // a turn sent from the composer appears in place, after the newest message
    await page.getByTestId('timeline-toolbar').getByRole('button', { name: 'Latest', exact: true }).click()
    await expect(card(page, threadId, size)).toBeInViewport()
    const composer = page.getByTestId('composer')
    await composer.getByRole('textbox').fill(`A new turn on the ${size} thread`)
    await composer.getByRole('button', { name: 'Send' }).click()
    // the user's message (the demo reply quotes it)
    const sent = page.locator('[data-testid="message"][data-role="user"]').filter({ hasText: `A new turn on the ${size} thread` })
    await expect(sent).toHaveCount(1, { timeout: 60_000 })
    await expect(page.getByTestId('timeline-range')).toHaveText(new RegExp(`of ${(size + 2).toLocaleString('en')}$`), { timeout: 60_000 })
    await expect(sent).toContainText(`#${size + 1}`)
    await screenshots(page, `long-thread-${size}-turn`, { fullPage: false })

    // recall's "Open in timeline" for a message past #1,000 lands on it, highlighted
    await page.goto(`/recall?thread=${threadId}&q=lt1150`)
    await page.getByTestId('recall-open').first().click()
    await expect(page).toHaveURL(new RegExp(`${threadPath}#m-${longThreadMessageId(threadId, 1150)}$`))
    await expectBelowTimelineToolbar(page, card(page, threadId, 1150))
    await expect(card(page, threadId, 1150)).toHaveAttribute('data-highlighted', 'true')
    await expect(card(page, threadId, 1150)).toContainText('#1150')

    // fork from #1,150: the wizard's fork point is that message, its preview lists the selected messages first
    await card(page, threadId, 1150).getByRole('link', { name: 'Clone from here…' }).click()
    await expect(page.getByTestId('fork-point')).toContainText('#1,150')
    const preview = page.getByTestId('clone-preview')
    await expect(preview.getByTestId('preview-count')).toHaveText(`1,150 of ${(size + 2).toLocaleString('en')}`)
    await expect(preview.locator('[data-testid="preview-message"][data-copied="true"]').first()).toContainText('#1')
    await expect(preview.getByTestId('preview-messages')).toContainText('token lt100')
    await page.getByLabel('Title').fill(`Fork of ${size} at #1150`)
    await page.getByRole('button', { name: 'Create clone' }).click()
    await expect(page.getByRole('heading', { name: `Fork of ${size} at #1150`, level: 1 })).toBeVisible({ timeout: 60_000 })
    await expect(page.getByTestId('timeline-range')).toHaveText('#1,101–#1,150 of 1,150')
    await expect(page.getByTestId('message').last()).toContainText('token lt1150')

    expect(browserErrors).toEqual([])
  })
}

test('the clone wizard finds a fork point and hand-picks past #1,000 by #N or by text', async ({ page }) => {
  const threadId = 'long-thread-1200'
  const browserErrors = collectBrowserErrors(page)
  await signIn(page, `/threads/${threadId}/fork`)
  await page.getByLabel('Fork point').fill('#1150')
  await page.getByLabel('Fork point').press('Enter')
  await page.getByTestId('picker-candidate').filter({ hasText: 'token lt1150' }).getByRole('button', { name: 'Fork here' }).click()
  await expect(page.getByTestId('fork-point')).toContainText('#1,150')
  await page.getByTestId('fork-point').getByRole('button', { name: 'Clear' }).click()

  await page.getByLabel(/^Hand-pick messages/).check()
  await page.getByLabel('Hand-pick a message').fill('lt1188')
  await page.getByLabel('Hand-pick a message').press('Enter')
  await page.getByTestId('picker-candidate').filter({ hasText: 'token lt1188' }).getByRole('button', { name: 'Pick' }).click()
  const preview = page.getByTestId('clone-preview')
  await expect(preview.getByTestId('preview-count')).toHaveText(/^1 of /)
  await expect(preview.locator('[data-testid="preview-message"][data-copied="true"]')).toHaveCount(1)
  await expect(preview.getByTestId('preview-messages')).toContainText('#1,188')
  expect(browserErrors).toEqual([])
})
