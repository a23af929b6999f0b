import { expect, test, type Locator, type Page } from '@playwright/test'
import { acmeDeliveryStorm, initechIncident } from '@threadline/db/seed'
import { mutate, screenshots } from './branches.ts'
import { collectBrowserErrors, signIn } from './sign-in.ts'
import { wordSplittingElements } from './text-wrap.ts'
import { expectBelowTimelineToolbar } from './timeline.ts'

// What a first-time operator tripped over (issue 18): the explorer, the fork
// wizard, the thread page, the playground's verdicts, keyboard and theme,
// sign-out. Screenshots at 1440 and 800 px, light and dark.

const incident = initechIncident.thread

/** Replaces a CodeMirror editor's whole text, as pasting does. */
async function replaceCode(page: Page, editor: Locator, text: string): Promise<void> {
  await editor.locator('.cm-content').click()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.insertText(text)
}

const optionLabel = (seed: { thread: { title: string; resourceId: string } }) => `${seed.thread.title} (${seed.thread.resourceId})`

/** The relative luminance (0 black .. 1 white) of the background an element shows (its own, or the first opaque one behind it). */
async function backgroundLuminance(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const canvas = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!
    for (let node: Element | null = element; node; node = node.parentElement) {
      canvas.clearRect(0, 0, 1, 1)
      canvas.fillStyle = getComputedStyle(node).backgroundColor
      canvas.fillRect(0, 0, 1, 1)
      const [r = 0, g = 0, b = 0, a = 0] = canvas.getImageData(0, 0, 1, 1).data
      if (a > 0) return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255
    }
    return 1 // nothing opaque: the canvas is white
  })
}

test('explorer: a page past the end offers the last page; tabs are named after the page', async ({ page }) => {
  const browserErrors = collectBrowserErrors(page)
  await signIn(page, '/?page=99')
  await expect(page).toHaveTitle('Threads · Threadline')
  const empty = page.getByTestId('empty-state')
  await expect(empty).toContainText('Page 99 is past the end')
  await expect(empty).not.toContainText('No threads yet')
  const goLast = empty.getByRole('button', { name: /^Go to page \d+$/ })
  const last = Number((await goLast.textContent())?.replace(/\D/g, ''))
  expect(last).toBeGreaterThanOrEqual(1)
  await screenshots(page, 'first-run-explorer-past-end')
  await goLast.click()
  // page 1 is the bare URL
  await expect(page).toHaveURL(last === 1 ? /\/$/ : new RegExp(`[?&]page=${last}$`))
  await expect(page.getByTestId('thread-row').first()).toBeVisible()

  await page.goto(`/threads/${incident.id}`)
  await expect(page).toHaveTitle(`${incident.title} · Threadline`)
  expect(browserErrors).toEqual([])
})

test('IDs are cut on one line with the full ID in a tooltip and a copy button', async ({ page, context }) => {
  const browserErrors = collectBrowserErrors(page)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await signIn(page, `/threads/${incident.id}`)
  const message = page.getByTestId('message').first()
  const id = message.getByTestId('copyable-id')
  const firstId = initechIncident.messages[0]!.id
  await expect(id.locator('span[title]')).toHaveAttribute('title', firstId)
  // one line, cut with an ellipsis: never wrapped mid-word
  expect(
    await id
      .locator('span[title] > span')
      .first()
      .evaluate((element) => [getComputedStyle(element).whiteSpace, getComputedStyle(element).textOverflow]),
  ).toEqual(['nowrap', 'ellipsis'])
  await id.getByRole('button', { name: `Copy ID ${firstId}` }).click()
  await expect(id.getByRole('button')).toHaveText('Copied')
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(firstId)

  // a long generated ID (a clone's UUID) in a narrow window: the header keeps one line per item
  const clone = await mutate<{ thread: { id: string } }>(page, 'clone.create', { sourceThreadId: incident.id, returnMessages: false })
  await page.goto(`/threads/${clone.thread.id}`)
  await page.setViewportSize({ width: 800, height: 900 })
  const header = page.getByTestId('message').first().locator('header')
  const lineHeight = await header.getByTestId('copyable-id').evaluate((element) => element.getBoundingClientRect().height)
  expect(lineHeight).toBeLessThan(28)
  // cut in the middle: a clone's ids share their source's prefix, so each keeps its own end in view
  const tails = await Promise.all(
    [0, 1].map((at) => page.getByTestId('message').nth(at).getByTestId('copyable-id').locator('span[title] > span').last().innerText()),
  )
  expect(tails[0]).not.toBe(tails[1])
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(800)
  // the lineage card's sentence keeps its row (one line): its buttons wrap below it instead of squeezing it to a word a line
  expect((await page.getByTestId('clone-panel').getByText('This thread is a clone.').boundingBox())?.height).toBeLessThan(20)
  await screenshots(page, 'first-run-thread-ids')
  expect(browserErrors).toEqual([])
})

test('fork wizard: whole date inputs, hand-pick problems highlighted, a taken ID on its field in one wording', async ({ page }) => {
  const browserErrors = collectBrowserErrors(page)
  await page.setViewportSize({ width: 1440, height: 900 })
  await signIn(page, `/threads/${incident.id}/fork`)
  await expect(page).toHaveTitle(`Clone ${incident.title} · Threadline`)
  await expect(page.getByTestId('preview-count')).toBeVisible()

  // each datetime-local input is at least as wide as its own content
  for (const label of ['From (inclusive)', 'Until (inclusive)']) {
    const input = page.getByLabel(label)
    const { shown, needed } = await input.evaluate((element) => {
      const probe = element.cloneNode() as HTMLInputElement
      probe.style.width = 'auto'
      probe.style.position = 'absolute'
      element.parentElement!.append(probe)
      const widths = { shown: element.getBoundingClientRect().width, needed: probe.getBoundingClientRect().width }
      probe.remove()
      return widths
    })
    expect(shown, label).toBeGreaterThanOrEqual(needed)
  }

  // hand-pick with nothing ticked: the problem is at the checkbox and in the preview; nothing looks copied
  await page.getByLabel(/^Hand-pick messages/).check()
  await expect(page.getByTestId('hand-pick-error')).toHaveText('Pick at least one message, or stop hand-picking')
  await expect(page.getByTestId('preview-problems')).toContainText('Pick at least one message')
  await expect(page.locator('[data-testid="preview-message"][data-copied="true"]')).toHaveCount(0)
  await screenshots(page, 'first-run-fork-hand-pick')
  await page.getByLabel('Hand-pick a message').fill('#2')
  await page.getByLabel('Hand-pick a message').press('Enter')
  await page.getByTestId('picker-candidate').getByRole('button', { name: 'Pick' }).click()
  await expect(page.getByTestId('preview-count')).toHaveText(/^1 of /)
  await expect(page.locator('[data-testid="preview-message"][data-copied="true"]')).toHaveCount(1)
  await page.getByLabel(/^Hand-pick messages/).uncheck()

  // a taken ID: the preview's CONFLICT is shown on the field
  const idField = page.getByLabel('New thread ID')
  await idField.fill(acmeDeliveryStorm.thread.id)
  const taken = `“${acmeDeliveryStorm.thread.id}” is already taken: choose another ID, or leave it empty for a generated one.`
  await expect(page.getByRole('alert').filter({ hasText: taken })).toBeVisible()
  await expect(page.getByText('The preview failed')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Create clone' })).toBeDisabled()
  await screenshots(page, 'first-run-fork-taken-id')

  // taken between the preview and create: create's CONFLICT gets the same words on the field
  const raced = `first-run-raced-${Date.now()}`
  await idField.fill(raced)
  await expect(page.getByRole('alert').filter({ hasText: 'already taken' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Create clone' })).toBeEnabled()
  await mutate(page, 'clone.create', { sourceThreadId: incident.id, newThreadId: raced, returnMessages: false })
  await page.getByRole('button', { name: 'Create clone' }).click()
  await expect(
    page.getByRole('alert').filter({ hasText: `“${raced}” is already taken: choose another ID, or leave it empty for a generated one.` }),
  ).toBeVisible()
  await expect(page.getByText('The clone was not created')).toHaveCount(0)
  // the console shows the failed calls' HTTP status (409): the only errors of this test
  expect(browserErrors.filter((error) => !error.includes('409'))).toEqual([])
})

test('thread page: unsaved working memory asks before leaving; OM groups are sections linked to their messages', async ({ page }) => {
  const browserErrors = collectBrowserErrors(page)
  await signIn(page, `/threads/${incident.id}`)
  const om = page.getByTestId('om-panel')
  await expect(om.getByTestId('om-observations').first()).toBeVisible()
  await expect(om).not.toContainText('<observation-group')
  const group = om.getByTestId('om-group').first()
  await expect(group).toContainText('Messages #1 to #4')
  await expect(group).toContainText('INC-2291')
  // the observer's priority markers (🔴 🟡 🟢, no glyph in most fonts) are drawn as named dots
  await expect(group).not.toContainText('🔴')
  await expect(group.getByRole('img', { name: 'High priority' })).toHaveCount(1)
  await expect(group.getByRole('img', { name: 'Medium priority' })).toHaveCount(1)
  await group.getByRole('link', { name: '#4' }).click()
  await expect(page).toHaveURL(new RegExp(`#m-${initechIncident.messages[3]!.id}$`))
  await expectBelowTimelineToolbar(page, page.locator(`[data-message-id="${initechIncident.messages[3]!.id}"]`))

  const wm = page.getByTestId('working-memory-panel')
  await wm.getByRole('tab', { name: 'This thread' }).click()
  const editor = wm.getByLabel('Working memory (thread scope)')
  await editor.fill('- an edit not saved yet')
  await screenshots(page, 'first-run-thread-memory')

  const questions: string[] = []
  page.once('dialog', (dialog) => {
    questions.push(dialog.message())
    void dialog.dismiss()
  })
  await page.getByRole('link', { name: 'All threads' }).click()
  await expect.poll(() => questions).toEqual(['You have unsaved working-memory changes. Leave and discard them?'])
  await expect(page).toHaveURL(new RegExp(`/threads/${incident.id}`))
  await expect(editor).toHaveValue('- an edit not saved yet')

  page.once('dialog', (dialog) => void dialog.accept())
  await page.getByRole('link', { name: 'All threads' }).click()
  await expect(page).toHaveURL(/\/$/)
  expect(browserErrors).toEqual([])
})

test('playground: each verdict says why, naming the rule or matcher; stale results go; console output of a working rule', async ({ page }) => {
  // twelve full-page screenshots of long playground pages: over a minute on a loaded machine
  test.setTimeout(180_000)
  const browserErrors = collectBrowserErrors(page)
  await signIn(page, '/playground?tab=errors')
  await page.getByLabel('Error preset').selectOption('anthropicOverloaded')
  await page.getByLabel('Thread', { exact: true }).selectOption({ label: optionLabel(acmeDeliveryStorm) })
  await page.getByRole('button', { name: 'Match the error' }).click()
  const why = page.getByTestId('verdict-why')
  await expect(why.getByTestId('compat-why')).toHaveText(/^ProviderHistoryCompat does not retry: no reactive rule’s error pattern matches this error/)
  await expect(why.getByTestId('retry-why-sentence')).toHaveText(
    'StreamErrorRetryProcessor retries: its built-in matcher for Anthropic errors (type “overloaded_error”) recognised the error as transient.',
  )
  await expect(why.getByTestId('combined-why')).toHaveText('The agent retries, because it retries when any error processor asks (within maxProcessorRetries).')
  await expect(page.getByTestId('error-result')).not.toContainText('OpenAI Responses stream error')
  await screenshots(page, 'first-run-playground-why')
  // invalid input: the old result goes
  await page.getByLabel('HTTP status').fill('abc')
  await expect(page.getByTestId('error-result')).toHaveCount(0)

  // the new OpenAI preset is offered
  await expect(page.getByLabel('Error preset').locator('option[value="openaiResponsesReasoningWithoutFollowingItem"]')).toHaveCount(1)

  // retry simulator: ECONNRESET with maxRetries 5 says why not, and offers the spec's matcher
  await page.getByRole('tab', { name: 'Retry simulator' }).click()
  // the tab switch renders after the click: until then 'Error preset' is still the API errors tab's select
  await expect(page.getByRole('button', { name: 'Simulate attempts' })).toBeVisible()
  await page.getByLabel('Error preset').selectOption('socketHangUp')
  await expect(page.getByLabel('Error preset')).toHaveValue('socketHangUp')
  await page.getByLabel('maxRetries').first().fill('5')
  await page.getByRole('button', { name: 'Simulate attempts' }).click()
  const needsMatcher = page.getByTestId('needs-custom-matcher')
  await expect(needsMatcher).toContainText('Needs a custom matcher (see README)')
  await expect(page.getByTestId('retry-timeline')).toContainText('neither its built-in matcher, the isRetryable flag nor a custom matcher recognised')
  await screenshots(page, 'first-run-retry-econnreset')
  await needsMatcher.getByRole('button', { name: 'Add the spec’s ECONNRESET matcher' }).click()
  await expect(page.getByTestId('retry-timeline')).toHaveCount(0)
  await page.getByRole('button', { name: 'Simulate attempts' }).click()
  await expect(page.getByTestId('retry-attempt')).toHaveCount(6)
  await expect(page.getByTestId('retry-attempt').first()).toContainText('custom matcher #1 (/econnreset|socket hang up/i) matched the error')

  // prompt rules: a working custom rule's console output
  await page.getByRole('tab', { name: 'Prompt rules' }).click()
  await page.getByLabel('Thread', { exact: true }).selectOption({ label: optionLabel(acmeDeliveryStorm) })
  await replaceCode(
    page,
    page.getByTestId('code-editor-javascript'),
    "export default {\n  name: 'talks',\n  applyToPrompt({ prompt, model }) {\n    console.log('saw', prompt.length, 'messages for', model)\n    return undefined\n  },\n}\n",
  )
  await page.getByLabel('Target model').fill('anthropic/claude-sonnet-4-5')
  await page.getByRole('button', { name: 'Run rules' }).click()
  const talks = page.locator('[data-testid="rule-report"][data-rule="talks"]')
  await expect(talks).toHaveAttribute('data-status', 'unchanged')
  await talks.getByText('console output (1)').click()
  await expect(talks.getByTestId('rule-console')).toContainText('[log] saw')
  await expect(talks.getByTestId('rule-console')).toContainText('messages for anthropic/claude-sonnet-4-5')

  // ... and the reactive rules that would act on Anthropic's rejection of the foreign tool IDs
  await expect(page.getByTestId('prompt-result')).toContainText(
    'No proactive rule changed the prompt for anthropic/claude-sonnet-4-5. Reactive rules act only after a rejection',
  )
  const toolIdRule = page.locator('[data-testid="reactive-preview-rule"][data-rule="anthropic-tool-id-format"]')
  await expect(toolIdRule).toHaveAttribute('data-would-fix', 'true')
  await expect(toolIdRule).toContainText('would repair this thread')
  await expect(page.locator('[data-testid="reactive-preview-rule"][data-rule="openai-responses-orphan-reasoning"]')).toHaveCount(0)
  await toolIdRule.getByRole('button', { name: 'Run the reactive path against this error' }).click()
  await expect(toolIdRule.getByTestId('error-result')).toContainText('ProviderHistoryCompat retries (fixed by anthropic-tool-id-format)')
  // the error patterns, matched error texts and the diff wrap at spaces
  expect(await wordSplittingElements(page)).toEqual([])
  // the messages' diff takes the rule's whole width (beside the retry decision it had two thirds of it)
  const diffWidth = (await toolIdRule.getByTestId('prompt-diff').boundingBox())?.width ?? 0
  const ruleWidth = (await toolIdRule.boundingBox())?.width ?? Number.POSITIVE_INFINITY
  expect(diffWidth / ruleWidth).toBeGreaterThan(0.9)
  // the proactive rules' names start in one column: #10 and on where #1-#9 do (the number column has a fixed width)
  const nameLefts = await page.getByTestId('rule-report').evaluateAll((rows) =>
    rows.map((row) => {
      const name = [...row.querySelectorAll('span')].find((span) => span.textContent === row.getAttribute('data-rule'))
      return Math.round(name?.getBoundingClientRect().left ?? Number.NaN)
    }),
  )
  expect(nameLefts.length).toBeGreaterThanOrEqual(10)
  expect(new Set(nameLefts)).toEqual(new Set([nameLefts[0]]))
  await screenshots(page, 'first-run-prompt-reactive')
  expect(browserErrors).toEqual([])
})

test('keyboard: j/k move between messages, b and f act on the focused one, / searches, ? lists them; dark follows the system', async ({ page }) => {
  const browserErrors = collectBrowserErrors(page)
  await signIn(page, `/threads/${incident.id}`)
  const messages = page.getByTestId('message')
  await expect(messages).toHaveCount(initechIncident.messages.length)
  await page.keyboard.press('j')
  await expect(messages.nth(0)).toBeFocused()
  await page.keyboard.press('j')
  await page.keyboard.press('j')
  await expect(messages.nth(2)).toBeFocused()
  await page.keyboard.press('k')
  await expect(messages.nth(1)).toBeFocused()
  await expectBelowTimelineToolbar(page, messages.nth(1))

  await page.keyboard.press('?')
  const help = page.getByTestId('shortcuts-dialog')
  await expect(help).toBeVisible()
  await expect(help).toContainText('branch from the focused message')
  await screenshots(page, 'first-run-shortcuts', { fullPage: false })
  await page.keyboard.press('Escape')
  await expect(help).toBeHidden()

  // f: fork from the focused message (the second)
  await messages.nth(1).focus()
  await page.keyboard.press('f')
  await expect(page).toHaveURL(new RegExp(`/threads/${incident.id}/fork\\?at=${initechIncident.messages[1]!.id}$`))
  await page.goBack()
  await expect(messages).toHaveCount(initechIncident.messages.length)

  // b: branch from the focused message opens the new branch
  await page.keyboard.press('j')
  await page.keyboard.press('b')
  // b asks for the branch's name (prefilled from the message); Enter creates it
  await expect(page.getByTestId('branch-dialog').getByLabel('Branch name')).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page).not.toHaveURL(new RegExp(`/threads/${incident.id}$`))
  await expect(page.getByText('⎇ Branch', { exact: true })).toBeVisible()

  // /: no search box here, so the explorer opens with its search focused; there, / focuses it again
  await page.keyboard.press('/')
  await expect(page.getByLabel('Search titles')).toBeFocused()
  await page.getByLabel('Search titles').blur()
  await page.keyboard.press('/')
  await expect(page.getByLabel('Search titles')).toBeFocused()

  // the theme follows the system setting, the code editor included
  await page.emulateMedia({ colorScheme: 'dark' })
  expect(await backgroundLuminance(page.locator('body'))).toBeLessThan(0.2)
  await page.goto('/playground')
  const editor = page.locator('.cm-editor').first()
  await expect(editor).toBeVisible()
  await expect.poll(() => backgroundLuminance(editor)).toBeLessThan(0.2)
  // and it follows a change of the system setting while the page is open
  await page.emulateMedia({ colorScheme: 'light' })
  await expect.poll(() => backgroundLuminance(editor)).toBeGreaterThan(0.8)
  expect(browserErrors).toEqual([])
})

for (const start of [`/threads/${incident.id}`, '/', '/playground?tab=errors']) {
  test(`sign-out from ${start}: no background request fails on the way to the sign-in page`, async ({ page }) => {
    const browserErrors = collectBrowserErrors(page)
    const failed: string[] = []
    page.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`)
    })
    await signIn(page, start)
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeEnabled()
    await page.waitForLoadState('networkidle')
    await page.getByRole('button', { name: 'Sign out' }).click()
    await expect(page).toHaveURL(/\/sign-in$/)
    await expect(page.getByLabel('Email')).toBeVisible()
    // whatever was still loading, prefetching or refetching when the session ended
    await page.waitForLoadState('networkidle')
    expect(failed).toEqual([])
    expect(browserErrors).toEqual([])
  })
}
