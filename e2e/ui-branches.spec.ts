import { expect, test } from '@playwright/test'
import { demoBranches, demoThreads } from '@threadline/db/seed'
import { mutate, screenshots } from './branches.ts'
import { collectBrowserErrors, signIn } from './sign-in.ts'

// Shared-history branches in the admin UI: branching from a message, the fork
// markers on both sides, Compare, promote, the explorer's branch filter and
// the lineage of a thread with 25 forks. Whatever a test creates, it deletes.

// each test takes its screenshots in two widths and two colour schemes
test.describe.configure({ timeout: 180_000 })

const seedOf = (id: string) => demoThreads.find((seed) => seed.thread.id === id)!
const refund = seedOf('acme-refund-4512')
const handoff = seedOf('initech-oncall-handoff')
const replacement = demoBranches.find((branch) => branch.id === 'acme-warranty-replacement')!
const warranty = seedOf(replacement.sourceThreadId)

test('branch from a message: inherited messages, markers on the branch and on the source, Compare', async ({ page }) => {
  const browserErrors = collectBrowserErrors(page)
  await signIn(page, `/threads/${refund.thread.id}`)
  const messages = page.getByTestId('message')
  await expect(messages).toHaveCount(refund.messages.length)

  await messages.nth(1).getByRole('button', { name: 'Branch from here' }).click()
  const branchTitle = 'Refund: the second reply'
  await page.getByTestId('branch-dialog').getByLabel('Branch name').fill(branchTitle)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL((url) => url.pathname.startsWith('/threads/') && !url.pathname.endsWith(refund.thread.id))
  await expect(page.getByRole('heading', { name: branchTitle, level: 1 })).toBeVisible()
  const branchUrl = page.url()
  // the branch reads the source's first two messages, marked as inherited, each with a link to where it lives
  await expect(messages).toHaveCount(2)
  for (const index of [0, 1]) {
    await expect(messages.nth(index)).toHaveAttribute('data-inherited-from', refund.thread.id)
    await expect(messages.nth(index).getByTestId('inherited-marker')).toContainText(`from ${refund.thread.title}`)
  }
  const branchedFrom = page.getByTestId('branched-from')
  await expect(branchedFrom).toHaveText(`⎇ branched from ${refund.thread.title} at message #2`)
  await expect(page.getByText('⎇ Branch', { exact: true })).toBeVisible()
  await expect(page.getByTestId('branch-metadata')).toContainText(refund.messages[1]!.id)
  await screenshots(page, 'branch-created')

  // the source marks the message the branch was cut at
  await branchedFrom.getByRole('link', { name: refund.thread.title }).click()
  await expect(page).toHaveURL(new RegExp(`/threads/${refund.thread.id}$`))
  const forkedHere = messages.nth(1).locator('xpath=..').getByTestId('forked-here')
  await expect(forkedHere).toContainText('⎇ 1 branch forked here')
  // one marker per message a branch was cut at: this one and the seeded branches'
  const seededCuts = new Set(demoBranches.filter((branch) => branch.sourceThreadId === refund.thread.id).map((branch) => branch.branchPointMessageId))
  await expect(page.getByTestId('forked-here')).toHaveCount(seededCuts.size + 1)
  await forkedHere.locator('summary').click()
  await expect(forkedHere.getByRole('link', { name: branchTitle })).toBeVisible()
  await screenshots(page, 'source-fork-marker')

  // Compare: the shared history, then the source's later messages against the branch's (none yet)
  await page.goto(branchUrl)
  await page.getByRole('link', { name: 'Compare with source' }).click()
  await expect(page.getByRole('heading', { name: 'Compare', level: 1 })).toBeVisible()
  await expect(page.getByTestId('compare-common')).toContainText('They share 2 messages, starting at #1')
  await expect(page.getByTestId('compare-message-a')).toHaveCount(refund.messages.length - 2)
  await expect(page.getByTestId('compare-b')).toContainText('Nothing after the common point.')
  await screenshots(page, 'compare')

  await page.goto(branchUrl)
  await page.getByRole('button', { name: 'Delete…' }).click()
  await page.getByRole('button', { name: 'Yes, delete' }).click()
  await expect(page).toHaveURL(/\/\?deleted=/)
  expect(browserErrors).toEqual([])
})

test("a branch's observational memory is its source's as of the cut: observed up to it, nothing after", async ({ page }) => {
  const browserErrors = collectBrowserErrors(page)
  const storeCredit = demoBranches.find((branch) => branch.id === 'acme-refund-store-credit')!
  const cut = refund.messages.findIndex((message) => message.id === storeCredit.branchPointMessageId)
  await signIn(page, `/threads/${storeCredit.id}`)
  const messages = page.getByTestId('message')
  await expect(messages).toHaveCount(cut + 1 + storeCredit.messages.length)
  const om = page.getByTestId('om-panel')
  await expect(om).toContainText('generation 0')
  await expect(om).toContainText('cracked jar')
  // the source's later reflection and the refund observed past the cut stay on the source
  await expect(om).not.toContainText('case closed')
  await expect(om).not.toContainText('rf_20261103_4512')
  await expect(messages.filter({ hasText: 'OM observed · gen 0' })).toHaveCount(cut + 1)
  await expect(messages.filter({ hasText: 'OM buffered' })).toHaveCount(0)
  await screenshots(page, 'branch-observational-memory')
  expect(browserErrors).toEqual([])
})

test('the explorer shows the seeded branches with a badge, and filters on them', async ({ page }) => {
  const browserErrors = collectBrowserErrors(page)
  await signIn(page)
  const rows = page.getByTestId('thread-row')
  // by the title's link: a branch of it names it in its lineage column
  const replacementRow = rows.filter({ has: page.getByRole('link', { name: replacement.title, exact: true }) })
  await expect(replacementRow.getByTestId('branch-badge')).toContainText('⎇ Branch')
  // its count is its whole history: the two messages it inherits and its own
  await expect(replacementRow).toContainText(`${2 + replacement.messages.length}2 inherited`)
  await page.getByLabel('Is branch').check()
  await expect(page).toHaveURL(/branch=1/)
  await expect(replacementRow).toHaveCount(1)
  await expect(rows.filter({ hasNot: page.getByTestId('branch-badge') })).toHaveCount(0)
  await screenshots(page, 'explorer-branches')
  expect(browserErrors).toEqual([])
})

test('promote a branch: the confirmation says what moves, then the source continues along it', async ({ page }) => {
  const browserErrors = collectBrowserErrors(page)
  await signIn(page, `/threads/${replacement.id}`)
  await expect(page.getByTestId('message')).toHaveCount(2 + replacement.messages.length)
  // Compare first: the two shared messages, then each side's own
  await page.getByRole('link', { name: 'Compare with source' }).click()
  await expect(page.getByTestId('compare-common')).toContainText('They share 2 messages, starting at #1')
  await expect(page.getByTestId('compare-message-a')).toHaveCount(warranty.messages.length - 2)
  await expect(page.getByTestId('compare-message-b')).toHaveCount(replacement.messages.length)
  await screenshots(page, 'compare-seeded-branch')
  await page.goBack()

  await page.getByRole('button', { name: 'Promote…' }).click()
  const dialog = page.getByTestId('promote-dialog')
  await expect(dialog).toContainText(
    `its history becomes the 2 shared messages up to the branch point, then this branch's ${replacement.messages.length} messages`,
  )
  await expect(dialog).toContainText(
    `The ${warranty.messages.length - 2} messages that “${warranty.thread.title}” added after the branch point move to a new branch of it, “Branch of ${warranty.thread.title}”`,
  )
  await screenshots(page, 'promote-dialog', { fullPage: false })
  await dialog.getByRole('button', { name: 'Promote' }).click()

  await expect(page).toHaveURL(new RegExp(`/threads/${warranty.thread.id}\\?promoted=`))
  await expect(page.getByTestId('promoted-notice')).toBeVisible()
  const messages = page.getByTestId('message')
  await expect(messages).toHaveCount(2 + replacement.messages.length)
  await expect(messages.nth(2)).toContainText('Could I get a replacement machine')
  // the former continuation is a branch of the source now, cut where the promoted branch was
  await expect(messages.nth(1).locator('xpath=..').getByTestId('forked-here')).toBeVisible()
  await screenshots(page, 'promoted')
  expect(browserErrors).toEqual([])
})

test('the lineage of a thread with 25 forks: clones and branches grouped, readable, collapsible', async ({ page }) => {
  const browserErrors = collectBrowserErrors(page)
  await signIn(page, `/threads/${handoff.thread.id}`)
  const created: string[] = []
  for (let index = 1; index <= 25; index++) {
    const title = `Handoff variant ${String(index).padStart(2, '0')}`
    if (index % 5 === 0) {
      const clone = await mutate<{ thread: { id: string } }>(page, 'clone.create', { sourceThreadId: handoff.thread.id, title, returnMessages: false })
      created.push(clone.thread.id)
    } else {
      const at = handoff.messages[index % handoff.messages.length]!.id
      const branch = await mutate<{ thread: { id: string } }>(page, 'branches.create', { sourceThreadId: handoff.thread.id, branchPointMessageId: at, title })
      created.push(branch.thread.id)
    }
  }

  await page.goto(`/threads/${handoff.thread.id}/lineage`)
  await expect(page.getByRole('heading', { name: 'Lineage', level: 1 })).toBeVisible()
  const graph = page.getByTestId('lineage-graph')
  const group = graph.getByTestId('lineage-group')
  await expect(group).toHaveAttribute('data-expanded', 'true')
  await expect(group).toContainText('25 forks')
  await expect(group).toContainText('20 branches · 5 clones')
  await expect(graph.getByTestId('lineage-node')).toHaveCount(26)
  await expect(graph.locator('[data-testid="lineage-node"][data-fork-kind="branch"]')).toHaveCount(20)
  await expect(page.getByTestId('lineage-legend')).toContainText('Branch')
  // in dark mode the canvas takes the app's navy background, not React Flow's neutral grey
  await page.emulateMedia({ colorScheme: 'dark' })
  const frameColour = await graph.evaluate((frame) => getComputedStyle(frame).backgroundColor)
  await expect(graph.locator('.react-flow')).toHaveCSS('background-color', frameColour)
  await page.emulateMedia({ colorScheme: 'light' })
  await screenshots(page, 'lineage-25-children')

  await group.getByRole('button', { name: 'Collapse' }).click()
  await expect(graph.getByTestId('lineage-node')).toHaveCount(1)
  await screenshots(page, 'lineage-25-children-collapsed')
  await group.getByRole('button', { name: 'Expand' }).click()
  await expect(graph.getByTestId('lineage-node')).toHaveCount(26)

  for (const threadId of created) await mutate(page, 'threads.delete', { threadId })
  expect(browserErrors).toEqual([])
})
