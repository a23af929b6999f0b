import { expect, test, type Page } from '@playwright/test'
import { acmeDeliveryStorm, demoCalls, demoThreads } from '@threadline/db/seed'
import { toolIdSanitizerRuleSource } from '@threadline/engine/testing'
import { screenshots } from './branches.ts'
import { saveFixture } from './save-fixture.ts'
import { collectBrowserErrors, signIn } from './sign-in.ts'
import { expectHangingIndent } from './text-wrap.ts'
import { expectBelowTimelineToolbar } from './timeline.ts'

// Issue 14: the demo seed records calls (a 429 waited out, a tool-ID repair,
// a Cerebras strip, a failure) and a workbench turn records its own; the
// timeline shows them as strips in prose that expand to the trace, the Calls
// page filters through the URL, and a failed attempt becomes a playground
// fixture that the saved rules run.

const thread = demoThreads.find((seed) => seed.thread.id === 'initech-oncall-handoff')!.thread

test.describe.configure({ timeout: 180_000 })

const mistralOnly = `export default { name: 'mistral-only', errorPatterns: [/Tool call id was/], fix() { return false } }`

/** Saves a rule through the API as the signed-in operator (the playground editor has its own spec). */
async function saveRule(page: Page, name: string, code: string): Promise<void> {
  const response = await page.request.post('/api/trpc/playground.rules.create', {
    headers: { 'x-threadline-csrf': '1', 'content-type': 'application/json' },
    data: { json: { name, code } },
  })
  expect(response.status()).toBe(200)
}

test('seeded calls: strips in prose, the trace with before/after, Save as fixture, fixtures pass and fail in the playground', async ({ page }) => {
  const browserErrors = collectBrowserErrors(page)
  await signIn(page)
  await page.goto(`/threads/${acmeDeliveryStorm.thread.id}`)
  const strips = page.getByTestId('call-strip')
  await expect(strips).toHaveCount(demoCalls.filter((call) => call.threadId === acmeDeliveryStorm.thread.id && call.responseMessageId).length)
  await expect(strips.filter({ hasText: '1 retry, waited 3.2 s (Retry-After)' })).toHaveCount(1)
  const repaired = strips.filter({ hasText: /1 retry · \d+ tool IDs rewritten after 400/ })
  await expect(repaired).toHaveCount(1)
  await repaired.getByRole('button').first().click()
  const trace = repaired.getByTestId('call-trace')
  await expect(trace).toContainText('Attempt 1')
  await expect(trace).toContainText('HTTP 400')
  // a count with its noun agreed, not "message(s)"
  await expect(trace).toContainText('anthropic-tool-id-format matched /tool_use')
  await expect(trace).toContainText(': 2 stored messages repaired and saved')
  await trace.getByText('Before / after').click()
  await expect(trace).toContainText('functions.track_shipment:0')
  await expect(trace).toContainText('functions_track_shipment_0')
  await repaired.scrollIntoViewIfNeeded()
  // a wrapped JSON line goes on under its own indent, not at column 0 (the tracking number wraps at 800 px)
  await page.setViewportSize({ width: 800, height: 900 })
  await expectHangingIndent(trace.locator('pre', { hasText: 'trackingNumber' }).first(), '"trackingNumber"')
  // its top just below the timeline toolbar (the page's scroll padding), not under it
  await repaired.evaluate((strip) => strip.scrollIntoView({ block: 'start' }))
  await expectBelowTimelineToolbar(page, repaired)
  await screenshots(page, 'calls-timeline-repair', { fullPage: false })

  await saveRule(page, 'tool-id-sanitizer', toolIdSanitizerRuleSource)
  await saveRule(page, 'mistral-only', mistralOnly)
  await saveFixture(page, 'tool-id-sanitizer')
  await screenshots(page, 'calls-saved-fixture', { fullPage: false })
  await saveFixture(page, 'mistral-only')

  await page.goto('/playground')
  const passing = page.getByTestId('saved-rule').filter({ hasText: 'tool-id-sanitizer' })
  await expect(passing).toContainText('1 fixture (1 from recorded calls)')
  await passing.getByRole('button', { name: 'Run fixtures' }).click()
  await expect(passing).toContainText('Every fixture passed')
  await expect(passing.getByTestId('fixture-result')).toHaveAttribute('data-passed', 'true')
  const failing = page.getByTestId('saved-rule').filter({ hasText: 'mistral-only' })
  await failing.getByRole('button', { name: 'Run fixtures' }).click()
  await expect(failing).toContainText('Some fixtures failed')
  await expect(failing.getByTestId('fixture-result')).toHaveAttribute('data-passed', 'false')
  await expect(failing.getByTestId('fixture-result')).toContainText('expected an error pattern to match; none did')
  await failing.scrollIntoViewIfNeeded()
  await screenshots(page, 'calls-fixtures-in-playground')
  expect(browserErrors).toEqual([])
})

test('the Calls page: seeded calls, filters in the URL (shareable, back button), and a new turn recorded as a clean call', async ({ page }) => {
  const browserErrors = collectBrowserErrors(page)
  await signIn(page)
  await page.goto('/calls')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('LLM calls')
  const rows = page.getByTestId('call-row')
  // other specs' workbench turns may be listed too: the seeded calls are checked by what they say
  await expect(rows.filter({ hasText: 'reasoning stripped for cerebras' })).toHaveCount(1)
  await expect(rows.filter({ hasText: 'failed (HTTP 529)' })).toHaveCount(1)
  const all = await rows.count()
  expect(all).toBeGreaterThanOrEqual(demoCalls.length)
  await screenshots(page, 'calls-page')

  await page.getByLabel('Show').selectOption('failed')
  await expect(page).toHaveURL(/\?show=failed$/)
  await expect(rows).toHaveCount(demoCalls.filter((call) => call.outcome === 'failed').length)
  await expect(rows.first()).toContainText('failed (HTTP 529)')
  await rows.first().getByRole('button').first().click()
  await expect(rows.first().getByTestId('call-trace')).toContainText('Attempt 4')
  await screenshots(page, 'calls-page-filtered')
  await page.goBack()
  await expect(page).toHaveURL(/\/calls$/)
  await expect(rows).toHaveCount(all)

  // a shared link opens with its filters
  await page.goto('/calls?show=retried&rule=anthropic-tool-id-format')
  await expect(page.getByLabel('Show')).toHaveValue('retried')
  await expect(page.getByLabel('Rule')).toHaveValue('anthropic-tool-id-format')
  await expect(rows).toHaveCount(demoCalls.filter((call) => call.retries > 0 && call.rules.includes('anthropic-tool-id-format')).length)
  await page.getByLabel('Model').fill('cerebras/gpt-oss-120b')
  await expect(page).toHaveURL(/model=cerebras%2Fgpt-oss-120b/)
  await expect(page.getByText('No calls')).toBeVisible()

  // a turn of the demo provider records its own call: a clean one
  await page.goto(`/threads/${thread.id}`)
  const messages = page.getByTestId('message')
  await expect(messages.first()).toBeVisible()
  const before = await messages.count()
  const composer = page.getByTestId('composer')
  await composer.getByRole('textbox').fill('Record this call, please.')
  await composer.getByRole('button', { name: 'Send' }).click()
  await expect(messages).toHaveCount(before + 2, { timeout: 45_000 })
  await expect(page.getByTestId('call-strip')).toHaveCount(1)
  await expect(page.getByTestId('call-strip')).toContainText('clean call')
  await page.goto('/calls?model=demo%2Fscripted-replies')
  await expect(page.getByLabel('Model')).toHaveValue('demo/scripted-replies')
  await expect(rows.first()).toContainText('Demo: scripted replies')
  await expect(rows.filter({ hasText: 'anthropic/' })).toHaveCount(0)
  expect(browserErrors).toEqual([])
})
