import { expect, test, type Locator, type Page } from '@playwright/test'
import { acmeDeliveryStorm, globexCerebrasDigest } from '@threadline/db/seed'
import { expectCardColoursInDark } from './app-colours.ts'
import { screenshots } from './branches.ts'
import { collectBrowserErrors, signIn } from './sign-in.ts'
import { wordSplittingElements } from './text-wrap.ts'

/** Replaces a CodeMirror editor's whole text, as pasting does. */
async function replaceCode(page: Page, editor: Locator, text: string): Promise<void> {
  await editor.locator('.cm-content').click()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.insertText(text)
}

// the widgets' own dark themes: one-dark's grey (the code editor), react-diff-viewer-continued's greys
const oneDarkGrey = ['#282c34']
const diffViewerGreys = ['#2e303c', '#2c2f3a', '#262933', '#363946', '#2f323e', '#262831']

/**
 * A half-width editor scrolls sideways (no wrapping: line numbers stay level): a thin scrollbar and a fade at the
 * edge where text runs on out of view say so.
 */
async function expectSidewaysOverflowShown(page: Page, editor: Locator): Promise<void> {
  await page.setViewportSize({ width: 1440, height: 900 })
  const scroller = editor.locator('.cm-scroller')
  await expect.poll(() => scroller.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true)
  expect(await scroller.evaluate((element) => getComputedStyle(element).scrollbarWidth)).toBe('thin')
  const left = editor.getByTestId('code-overflow-left')
  const right = editor.getByTestId('code-overflow-right')
  await expect(right).toBeVisible()
  await expect(left).toBeHidden()
  await scroller.evaluate((element) => element.scrollTo({ left: element.scrollWidth }))
  await expect(left).toBeVisible()
  await expect(right).toBeHidden()
  await scroller.evaluate((element) => element.scrollTo({ left: 0 }))
  await expect(right).toBeVisible()
  await page.setViewportSize({ width: 1280, height: 800 })
}

const optionLabel = (seed: { thread: { title: string; resourceId: string } }) => `${seed.thread.title} (${seed.thread.resourceId})`

test('prompt rules: a Cerebras-bound thread loses its reasoning parts, shown in the diff', async ({ page }) => {
  const browserErrors = collectBrowserErrors(page)
  await signIn(page, '/playground')
  await page.getByLabel('Thread', { exact: true }).selectOption({ label: optionLabel(globexCerebrasDigest) })
  // the thread's metadata says where its next turns go
  await expect(page.getByLabel('Target model')).toHaveValue('cerebras/gpt-oss-120b')
  await page.getByRole('button', { name: 'Run rules' }).click()

  const cerebras = page.locator('[data-testid="rule-report"][data-rule="cerebras-strip-reasoning-content"]')
  await expect(cerebras).toHaveAttribute('data-status', 'changed')
  await expect(cerebras).toContainText('message 3 (assistant): removed reasoning')
  await expect(cerebras).toContainText('message 5 (assistant): removed reasoning')
  await expect(page.locator('[data-testid="rule-report"][data-rule="anthropic-tool-id-format"]')).toHaveAttribute('data-status', 'not-proactive')

  const diff = page.getByTestId('prompt-diff')
  const removedReasoning = diff.locator('[class*="-diff-removed"]').filter({ hasText: '"type": "reasoning"' })
  await expect(removedReasoning.first()).toBeVisible()
  expect(await removedReasoning.count()).toBeGreaterThanOrEqual(2)
  await expect(diff.locator('[class*="-diff-added"]').filter({ hasText: 'reasoning' })).toHaveCount(0)
  // the diff wraps its long strings at spaces ("r each" in the screenshots)
  expect(await wordSplittingElements(page)).toEqual([])
  await expectCardColoursInDark(page, page.getByTestId('code-editor-javascript').first(), '.cm-editor', oneDarkGrey)
  await expectCardColoursInDark(page, diff, 'table', diffViewerGreys)
  await expectSidewaysOverflowShown(page, page.getByTestId('code-editor-javascript').first())
  await screenshots(page, 'playground-prompt-rules')

  await page.setViewportSize({ width: 800, height: 900 })
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(800)
  // each line number beside its line (with wrapped lines the numbers drifted out of step at 800 px)
  const drift = await page
    .getByTestId('code-editor-javascript')
    .first()
    .evaluate((editor) => {
      const lines = [...editor.querySelectorAll('.cm-line')]
      return [...editor.querySelectorAll('.cm-lineNumbers .cm-gutterElement')]
        .filter((number) => getComputedStyle(number).visibility !== 'hidden')
        .map((number) => {
          const line = lines[Number(number.textContent) - 1]
          return line ? Math.abs(number.getBoundingClientRect().top - line.getBoundingClientRect().top) : Number.POSITIVE_INFINITY
        })
    })
  expect(drift.length).toBeGreaterThan(10)
  expect(Math.max(...drift)).toBeLessThan(1)
  expect(browserErrors).toEqual([])
})

test('custom rule: an error thrown in the sandbox is shown inline; a working rule is saved with a fixture', async ({ page }) => {
  const browserErrors = collectBrowserErrors(page)
  await signIn(page, '/playground')
  await page.getByLabel('Thread', { exact: true }).selectOption({ label: optionLabel(globexCerebrasDigest) })
  const editor = page.getByTestId('code-editor-javascript')
  await expect(editor).toContainText('applyToPrompt')
  await replaceCode(
    page,
    editor,
    "export default {\n  name: 'explodes',\n  applyToPrompt() {\n    console.log('about to fail')\n    throw new Error('boom from my rule')\n  },\n}\n",
  )
  await page.getByRole('button', { name: 'Run rules' }).click()
  const inlineError = page.getByTestId('rule-error').first()
  await expect(inlineError).toContainText('Rule “explodes” threw')
  await expect(inlineError).toContainText('boom from my rule')
  await expect(page.locator('[data-testid="rule-report"][data-rule="explodes"]')).toHaveAttribute('data-status', 'failed')
  await screenshots(page, 'playground-custom-rule-error')

  await replaceCode(
    page,
    editor,
    "export default {\n  name: 'drop-system-for-cerebras',\n  applyToPrompt({ prompt, model }) {\n    if (typeof model !== 'string' || !model.startsWith('cerebras/')) return undefined\n    return prompt.filter((message) => message.role !== 'system')\n  },\n}\n",
  )
  await page.getByRole('button', { name: 'Run rules' }).click()
  await expect(page.locator('[data-testid="rule-report"][data-rule="drop-system-for-cerebras"]')).toHaveAttribute('data-status', 'changed')
  await expect(page.getByTestId('rule-error')).toHaveCount(0)

  await page.getByRole('textbox', { name: 'Name', exact: true }).nth(1).fill('drop-system-for-cerebras')
  await page.getByRole('button', { name: 'Add the last run as a fixture' }).click()
  await expect(page.getByTestId('code-editor-json')).toContainText('"fires": true')
  await page.getByRole('button', { name: 'Save rule' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Saved “drop-system-for-cerebras”.' })).toBeVisible()
  const saved = page.getByTestId('saved-rule').filter({ hasText: 'drop-system-for-cerebras' })
  await expect(saved).toContainText('1 fixture')
  await saved.getByRole('button', { name: 'Run fixtures' }).click()
  await expect(saved).toContainText('Every fixture passed')
  await screenshots(page, 'playground-saved-rule')

  // deleting asks first: cancel keeps the rule, confirming removes it
  await saved.getByRole('button', { name: 'Delete', exact: true }).click()
  await expect(saved).toContainText('Delete “drop-system-for-cerebras”?')
  await screenshots(page, 'playground-delete-rule-confirm')
  await saved.getByRole('button', { name: 'Cancel' }).click()
  await expect(saved.getByRole('button', { name: 'Yes, delete' })).toHaveCount(0)
  await saved.getByRole('button', { name: 'Delete', exact: true }).click()
  await saved.getByRole('button', { name: 'Yes, delete' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Deleted “drop-system-for-cerebras”.' })).toBeVisible()
  await expect(saved).toHaveCount(0)
  expect(browserErrors).toEqual([])
})

test('API errors: the pasted Anthropic tool-ID 400 matches the built-in rule, whose fix rewrites the IDs', async ({ page }) => {
  const browserErrors = collectBrowserErrors(page)
  await signIn(page, '/playground?tab=errors')
  await page.getByLabel('Error preset').selectOption('')
  await page.getByLabel('HTTP status').fill('400')
  await page.getByLabel('Response headers').fill('content-type: application/json\nrequest-id: req_011CSHoEeqs5C35K2UUqR7Fy')
  await replaceCode(
    page,
    page.getByTestId('code-editor-json').first(),
    `{"type":"error","error":{"type":"invalid_request_error","message":"messages.1.content.1.tool_use.id: String should match pattern '^[a-zA-Z0-9_-]+$'"}}`,
  )
  await page.getByLabel('Thread', { exact: true }).selectOption({ label: optionLabel(acmeDeliveryStorm) })
  await page.getByLabel('Target model').fill('anthropic/claude-sonnet-4-5')
  await page.getByRole('button', { name: 'Match the error' }).click()

  const rule = page.locator('[data-testid="reactive-rule"][data-rule="anthropic-tool-id-format"]')
  await expect(rule).toHaveAttribute('data-matched', 'true')
  await expect(rule.locator('mark')).toHaveText("tool_use.id: String should match pattern '^[a-zA-Z0-9_-]+$'")
  await expect(rule).toContainText('fix changed the messages')
  await expect(page.locator('[data-testid="reactive-rule"][data-matched="true"]')).toHaveCount(1)
  const changes = page.getByTestId('tool-id-changes')
  await expect(changes).toContainText('functions.track_shipment:0')
  await expect(changes).toContainText('functions_track_shipment_0')
  await expect(page.getByTestId('error-result')).toContainText('ProviderHistoryCompat retries (fixed by anthropic-tool-id-format)')
  // the editor, no longer focused, shows where the pasted line begins
  await expect(page.getByTestId('code-editor-json').first().locator('.cm-scroller')).toHaveJSProperty('scrollLeft', 0)
  await screenshots(page, 'playground-api-errors')
  expect(browserErrors).toEqual([])
})

test('retry simulator: a 429 with Retry-After: 5 waits 5 s, then the budget is spent', async ({ page }) => {
  const browserErrors = collectBrowserErrors(page)
  await signIn(page, '/playground?tab=retry')
  await page.getByLabel('Error preset').selectOption('')
  await page.getByLabel('HTTP status').fill('429')
  await page.getByLabel('Response headers').fill('Retry-After: 5')
  await replaceCode(page, page.getByTestId('code-editor-json').first(), '{"type":"error","error":{"type":"rate_limit_error","message":"Too many requests"}}')
  await page.getByRole('button', { name: 'Simulate attempts' }).click()

  const timeline = page.getByTestId('retry-timeline')
  await expect(timeline.getByTestId('retry-wait')).toHaveCount(1)
  await expect(timeline.getByTestId('retry-wait')).toContainText('wait 5 s')
  const attempts = timeline.getByTestId('retry-attempt')
  await expect(attempts).toHaveCount(2)
  await expect(attempts.nth(0)).toContainText('retry after 5 s (the Retry-After header)')
  await expect(attempts.nth(1)).toContainText('stop')
  // the reason names the matcher whose budget is spent
  await expect(attempts.nth(1)).toContainText(
    'the built-in matcher for Anthropic errors (type “rate_limit_error”) matched, but its budget is spent (1 of 1 retry used)',
  )
  // the editor, no longer focused, shows where the pasted line begins
  await expect(page.getByTestId('code-editor-json').first().locator('.cm-scroller')).toHaveJSProperty('scrollLeft', 0)
  await screenshots(page, 'playground-retry')
  expect(browserErrors).toEqual([])
})
