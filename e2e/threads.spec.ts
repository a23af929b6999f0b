import { expect, test, type Page } from '@playwright/test'
import { demoBranches, demoClones, demoObservationalMemory, demoOperator, demoThreads } from '@threadline/db/seed'
import { screenshots } from './branches.ts'

// The server runs over a freshly seeded database (playwright.config.ts), so
// the expected rows come from the demo data itself.

/** The resource of a seeded branch: its root's (a branch stays in its source's resource). */
function branchResource(sourceThreadId: string): string {
  const source = demoBranches.find((branch) => branch.id === sourceThreadId)
  return source ? branchResource(source.sourceThreadId) : demoThreads.find((seed) => seed.thread.id === sourceThreadId)!.thread.resourceId
}

/**
 * Threads the explorer lists, in `resource` or all: originals, clones and
 * branches (a promoted branch's row is gone, the new branch holding its
 * source's former tail took its place: one thread per seeded branch).
 */
/** The long-thread fixtures the e2e web server creates (playwright.config.ts), in their own resource. */
const LONG_THREAD_FIXTURES = { resourceId: 'long-threads', count: 2 }

function listedCount(resource?: string): number {
  const inResource = (resourceId: string) => resource === undefined || resourceId === resource
  return (
    (inResource(LONG_THREAD_FIXTURES.resourceId) ? LONG_THREAD_FIXTURES.count : 0) +
    demoThreads.filter((seed) => inResource(seed.thread.resourceId)).length +
    demoClones.filter((clone) => inResource(clone.source.thread.resourceId)).length +
    demoBranches.filter((branch) => inResource(branchResource(branch.sourceThreadId))).length
  )
}

/** Console errors and uncaught exceptions of the page, collected for the whole test. */
function collectBrowserErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

/** Signs in as the seed's demo operator through the sign-in page a visit without a session is sent to. */
async function signIn(page: Page, next = '/'): Promise<void> {
  await page.goto(next)
  await expect(page).toHaveURL(/\/sign-in/)
  await page.getByLabel('Email').fill(demoOperator.email)
  await page.getByLabel('Password').fill(demoOperator.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(new RegExp(`${next.replace(/[/?]/g, '\\$&')}$`))
}

test('a visit without a session goes to the sign-in page, which refuses a wrong password', async ({ page }) => {
  await page.goto('/threads/acme-refund-4512')
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fthreads%2Facme-refund-4512$/)
  await page.getByLabel('Email').fill(demoOperator.email)
  await page.getByLabel('Password').fill('not-the-password')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.locator('form').getByRole('alert')).toHaveText('Invalid email or password')
  await screenshots(page, 'sign-in-error')
  await page.getByLabel('Password').fill(demoOperator.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/threads\/acme-refund-4512$/)
})

test('the explorer lists the demo threads, filters them and opens one', async ({ page }) => {
  const browserErrors = collectBrowserErrors(page)
  await signIn(page)

  await expect(page.getByRole('link', { name: 'Threadline home' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Threads', level: 1 })).toBeVisible()
  const rows = page.getByTestId('thread-row')
  await expect(rows).toHaveCount(listedCount())
  for (const seed of demoThreads) {
    await expect(page.getByRole('link', { name: seed.thread.title, exact: true })).toBeVisible()
  }
  await expect(rows.filter({ has: page.getByText('Clone', { exact: true }) })).toHaveCount(demoClones.length)
  // every seeded clone is a first-generation clone; originals have no depth
  await expect(rows.filter({ has: page.getByTestId('clone-depth') })).toHaveCount(demoClones.length)
  for (const clone of demoClones) await expect(rows.filter({ hasText: clone.title }).getByTestId('clone-depth')).toHaveText('depth 1')
  // the incident switched from GPT-4.1 to Claude Opus: both providers are seen
  const incident = rows.filter({ has: page.getByText('initech-inc-2291', { exact: true }) })
  await expect(incident.getByTestId('provider-seen')).toHaveText(['anthropic', 'openai'])
  await expect(incident.getByTestId('has-observational-memory')).toBeVisible()
  await screenshots(page, 'threads-explorer')

  // Filter by resource: only that resource's threads (originals and clones) remain.
  const resource = 'globex-research'
  await page.getByLabel('Resource').selectOption(resource)
  await expect(page).toHaveURL(new RegExp(`resource=${resource}`))
  const expected = demoThreads.filter((seed) => seed.thread.resourceId === resource).map((seed) => seed.thread.title)
  const expectedClones = demoClones.filter((clone) => clone.source.thread.resourceId === resource).map((clone) => clone.title)
  await expect(rows).toHaveCount(listedCount(resource))
  for (const title of [...expected, ...expectedClones]) {
    // by the exact title: "Branch of <title>" is another row
    await expect(rows.filter({ has: page.getByRole('link', { name: title, exact: true }) })).toHaveCount(1)
  }
  await expect(rows.filter({ hasNotText: resource })).toHaveCount(0)

  // Open the partial clone: it holds the source's messages up to its end date.
  const clone = demoClones.find((candidate) => candidate.source.thread.resourceId === resource && candidate.options?.messageFilter?.endDate)
  const endDate = clone?.options?.messageFilter?.endDate
  if (!clone || endDate === undefined) throw new Error('the demo data has no date-range clone on globex-research')
  const cloneMessages = clone.source.messages.filter((message) => message.createdAt <= new Date(endDate))
  await page.getByRole('link', { name: clone.title, exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/threads/${clone.id}$`))
  await expect(page.getByRole('heading', { name: clone.title, level: 1 })).toBeVisible()
  // the lineage card names the source by its title and links to its id (the id alone shows only while the title loads)
  const source = page.getByTestId('clone-source-link')
  await expect(source).toHaveAttribute('href', `/threads/${clone.source.thread.id}`)
  await expect(source).toHaveText(clone.source.thread.title)
  const messages = page.getByTestId('message')
  await expect(messages).toHaveCount(cloneMessages.length)
  await expect(messages.first()).toContainText(textOf(cloneMessages[0]))
  await expect(page.getByTestId('reasoning').first()).toContainText('deepseek')
  await expect(page.getByTestId('tool-invocation').first()).toContainText('call_0_7c3b2a1e-5f4d-4e8a-9b1c-2d3e4f5a6b7c')
  // the lineage card's sentence keeps its row (one line): its buttons wrap below it instead of squeezing it to a word a line
  const lineageSentence = page.getByTestId('clone-panel').getByText('This thread is a clone.')
  expect((await lineageSentence.boundingBox())?.height).toBeLessThan(20)
  // from the top: the clone's thread page opens scrolled to its newest message
  await screenshots(page, 'thread-clone')

  expect(browserErrors).toEqual([])
})

test('flag filters narrow the list, live in the URL, and clear with the other filters', async ({ page }) => {
  const browserErrors = collectBrowserErrors(page)
  await signIn(page)
  const rows = page.getByTestId('thread-row')
  await expect(rows).toHaveCount(listedCount())

  // "Is clone" shows only the seeded clones
  await page.getByRole('checkbox', { name: 'Is clone' }).check()
  await expect(page).toHaveURL(/[?&]clone=1/)
  await expect(rows).toHaveCount(demoClones.length)
  for (const clone of demoClones) await expect(rows.filter({ hasText: clone.title })).toHaveCount(1)
  await expect(rows.filter({ hasText: 'Original' })).toHaveCount(0)
  await screenshots(page, 'threads-filter-clones')

  // kept in the URL: a reload shows the same list; adding "Has OM" keeps the clones whose
  // observational memory came along (thread scope) or whose resource has some (resource scope)
  await page.reload()
  await expect(page.getByRole('checkbox', { name: 'Is clone' })).toBeChecked()
  await page.getByRole('checkbox', { name: 'Has OM' }).check()
  await expect(page).toHaveURL(/[?&]om=1/)
  const withOm = demoClones.filter((clone) =>
    demoObservationalMemory.some(([first]) =>
      first!.scope === 'thread' ? first!.threadId === clone.source.thread.id : first!.resourceId === clone.source.thread.resourceId,
    ),
  )
  expect(withOm.length).toBeGreaterThan(0)
  await expect(rows).toHaveCount(withOm.length)
  for (const clone of withOm) await expect(rows.filter({ hasText: clone.title })).toHaveCount(1)

  // a combination that matches nothing, then one button clears every filter
  expect(withOm.some((clone) => clone.source.thread.resourceId === 'acme-support')).toBe(false)
  await page.getByLabel('Resource').selectOption('acme-support')
  await expect(page.getByTestId('empty-state')).toContainText('No threads match')
  await page.getByRole('button', { name: 'Clear filters' }).click()
  await expect(rows).toHaveCount(listedCount())
  await expect(page.getByRole('checkbox', { name: 'Is clone' })).not.toBeChecked()
  await expect(page.getByRole('checkbox', { name: 'Has OM' })).not.toBeChecked()
  await expect(page).not.toHaveURL(/clone=|om=|resource=/)
  expect(browserErrors).toEqual([])
})

test('a search that matches nothing shows the empty state, and clearing brings the threads back', async ({ page }) => {
  const browserErrors = collectBrowserErrors(page)
  await signIn(page)
  const rows = page.getByTestId('thread-row')
  await expect(rows).toHaveCount(listedCount())

  await page.getByLabel('Search titles').fill('no thread is called this')
  await expect(page.getByTestId('empty-state')).toContainText('No threads match')
  await expect(rows).toHaveCount(0)
  await screenshots(page, 'threads-empty')

  await page.getByRole('button', { name: 'Clear filters' }).click()
  await expect(rows).toHaveCount(listedCount())
  await expect(page.getByLabel('Search titles')).toHaveValue('')
  expect(browserErrors).toEqual([])
})

function textOf(message: (typeof demoThreads)[number]['messages'][number] | undefined): string {
  const part = message?.content.parts.find((candidate) => candidate.type === 'text')
  if (part === undefined) throw new Error('expected a text part')
  return part.text
}
