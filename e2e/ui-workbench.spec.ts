import { expect, test, type Locator } from '@playwright/test'
import { demoThreads } from '@threadline/db/seed'
import { screenshots } from './branches.ts'
import { backgroundContrast } from './colour-contrast.ts'
import { silentlyCutBoxes } from './cut-boxes.ts'
import { collectBrowserErrors, signIn } from './sign-in.ts'

// The workbench on a fresh `next start` without provider variables: the
// "Demo: scripted replies" provider (the loopback provider server, OpenAI
// Chat Completions over real HTTP) answers every turn.

const thread = demoThreads.find((seed) => seed.thread.id === 'globex-market-sizing')!.thread
const threadPath = `/threads/${thread.id}`

test.describe.configure({ timeout: 120_000 })

test('continue a thread: the reply streams in, can be cancelled (nothing saved), and is saved when complete', async ({ page }) => {
  const browserErrors = collectBrowserErrors(page)
  await signIn(page)
  await page.goto(threadPath)
  const messages = page.getByTestId('message')
  await expect(messages).toHaveCount(4)
  const composer = page.getByTestId('composer')
  await expect(composer.getByTestId('composer-model')).toHaveValue('demo/scripted-replies')
  await expect(composer.getByTestId('composer-model').locator('option:checked')).toHaveText('Demo: scripted replies · 8k context')
  await expect(composer.getByTestId('provider-hint')).toContainText('OPENAI_API_KEY')

  // cancelled while the reply streams (at once: on a loaded machine the browser reads the stream late): nothing is saved
  await composer.getByRole('textbox').fill('Start a long answer, then I cancel it.')
  await composer.getByRole('button', { name: 'Send' }).click()
  const reply = composer.getByTestId('streaming-reply')
  await composer.getByTestId('streaming-reply').getByRole('button', { name: 'Cancel' }).click()
  await expect(reply).toHaveAttribute('data-status', 'cancelled')
  // the cancelled message is back in the composer, not shown as sent
  await expect(composer.getByRole('textbox')).toHaveValue('Start a long answer, then I cancel it.')
  await expect(composer.getByTestId('sent-message')).toHaveCount(0)
  await page.reload()
  await expect(messages).toHaveCount(4)

  await composer.getByRole('textbox').fill('And the bull case?')
  await composer.getByRole('button', { name: 'Send' }).click()
  await expect(reply).toHaveAttribute('data-status', 'running')
  // the message just sent stands above the streaming reply until the saved turn replaces both
  await expect(composer.getByTestId('sent-message')).toContainText('And the bull case?')
  await screenshots(page, 'workbench-streaming', { fullPage: false })
  await expect(messages).toHaveCount(6, { timeout: 45_000 })
  await expect(messages.nth(4)).toContainText('And the bull case?')
  await expect(messages.nth(5)).toContainText('Scripted demo reply: you wrote "And the bull case?"')
  await expect(reply).toHaveCount(0)
  await expect(composer.getByTestId('sent-message')).toHaveCount(0)
  await screenshots(page, 'workbench-continued')
  expect(browserErrors).toEqual([])
})

test('edit a user message and regenerate a reply: each runs on a new branch, the thread is unchanged', async ({ page }) => {
  const browserErrors = collectBrowserErrors(page)
  await signIn(page)
  await page.goto(threadPath)
  const messages = page.getByTestId('message')
  await expect(messages.first()).toBeVisible()
  const before = await messages.count()

  // the composer's run parameters go with an edit too, and its panel says so
  await page.getByTestId('composer').getByLabel('Temperature').fill('0.4')
  const question = messages.nth(2)
  await question.getByRole('button', { name: 'Edit' }).click()
  const edit = question.getByTestId('edit-panel')
  await expect(edit.getByTestId('turn-run-parameters')).toHaveText('Run parameters from the composer: temperature 0.4 · max tokens provider default.')
  await edit.getByRole('textbox').fill('What share would an optimistic case use?')
  await edit.getByRole('button', { name: 'Run on a new branch' }).click()
  await expect(edit.getByTestId('streaming-reply')).toHaveAttribute('data-status', 'done', { timeout: 45_000 })
  await expect(edit.getByTestId('streaming-text')).toContainText('you wrote "What share would an optimistic case use?"')
  await screenshots(page, 'workbench-edit')

  const answer = messages.nth(1)
  await answer.getByRole('button', { name: 'Regenerate' }).click()
  const regenerate = answer.getByTestId('regenerate-panel')
  await regenerate.getByRole('button', { name: 'Regenerate on a new branch' }).click()
  await expect(regenerate.getByTestId('streaming-reply')).toHaveAttribute('data-status', 'done', { timeout: 45_000 })
  await expect(regenerate.getByTestId('streaming-text')).toContainText('you wrote "Estimate the 2030 market')
  await expect(messages).toHaveCount(before)

  // the edit's branch: the history before the edited message, then the edit and its reply
  await edit.getByTestId('open-branch').click()
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Edit:')
  await expect(messages).toHaveCount(4)
  await expect(messages.nth(2)).toContainText('What share would an optimistic case use?')
  await expect(messages.nth(3)).toContainText('Scripted demo reply')
  expect(browserErrors).toEqual([])
})

test('compare two models side by side, each column on its own branch with latency and tokens', async ({ page }) => {
  const browserErrors = collectBrowserErrors(page)
  await signIn(page, `${threadPath}/compare-models`)
  await page.getByRole('textbox', { name: 'Next user message' }).fill('Summarise the estimate in one line.')
  // the same run parameters as the composer's, for every column
  await page.getByLabel('Max tokens').fill('0')
  await expect(page.getByRole('button', { name: 'Run side by side' })).toBeDisabled()
  await page.getByLabel('Max tokens').fill('200')
  await page.getByRole('button', { name: 'Run side by side' }).click()
  const columns = page.getByTestId('compare-column')
  await expect(columns).toHaveCount(2)
  await expect(columns.nth(0)).toHaveAttribute('data-status', 'done', { timeout: 45_000 })
  await expect(columns.nth(1)).toHaveAttribute('data-status', 'done', { timeout: 45_000 })
  for (const column of [columns.nth(0), columns.nth(1)]) {
    await expect(column.getByTestId('compare-text')).toContainText('Summarise the estimate in one line.')
    await expect(column.getByTestId('turn-stats')).toContainText('latency')
    await expect(column.getByTestId('turn-stats')).toContainText('tokens in/out')
  }
  await screenshots(page, 'workbench-compare')
  expect(browserErrors).toEqual([])
})

test('the context window view: sections with token counts against the limit, and what was left out', async ({ page }) => {
  const browserErrors = collectBrowserErrors(page)
  await signIn(page, `${threadPath}/context`)
  const view = page.getByTestId('context-window')
  await expect(view).toBeVisible()
  await expect(view.getByText('estimate (o200k_base')).toBeVisible()
  const sections = view.getByTestId('context-section')
  await expect(sections.first()).toHaveAttribute('data-kind', 'system')
  await expect(view.locator('[data-kind="last-messages"]')).toContainText('Estimate the 2030 market')
  await page.getByRole('textbox', { name: 'Next user message (optional)' }).fill('Which sources back the 95 GWh figure?')
  await expect(view.locator('[data-kind="new-message"]')).toContainText('Which sources back the 95 GWh figure?')
  await expect(view.getByTestId('left-out')).toContainText('older')
  // nothing is cut without saying so: the working memory (its JSON ended at `"projects": [` in a scroll box) is shown whole,
  // and a long line of the prompt as sent (the system message: instructions and working memory) has a fade and Show all
  expect(await silentlyCutBoxes(view)).toEqual([])
  const wholeInside = (root: Locator) =>
    root.evaluate((element) => [...element.querySelectorAll('*')].filter((box) => box.scrollHeight > box.clientHeight + 1).length)
  const workingMemory = view.locator('[data-kind="working-memory"]')
  await expect(workingMemory).toContainText('</working_memory>')
  expect(await wholeInside(workingMemory)).toBe(0)
  const system = view.getByTestId('sent-prompt-message').first()
  await expect(system.getByRole('button', { name: /^Show all \(\d+ lines\)$/ })).toBeVisible()
  // the bar's empty track stands out from its card in both schemes (in dark, the mirrored slate-100 was the card's own colour)
  const bar = view.getByRole('img', { name: /% of the context window$/ })
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    expect(await backgroundContrast(bar, 'section'), colorScheme).toBeGreaterThan(colorScheme === 'dark' ? 1.5 : 1.05)
  }
  await screenshots(page, 'workbench-context')
  await system.getByRole('button', { name: /^Show all/ }).click()
  await expect(system.getByRole('button', { name: 'Show less' })).toBeVisible()
  expect(await wholeInside(system)).toBe(0)
  await screenshots(page, 'workbench-context-system-whole')
  expect(browserErrors).toEqual([])
})
