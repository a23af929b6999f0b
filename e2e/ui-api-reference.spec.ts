import { expect, test } from '@playwright/test'
import { screenshots } from './branches.ts'
import { collectBrowserErrors, signIn } from './sign-in.ts'
import { expectHangingIndent } from './text-wrap.ts'

test('the API reference page lists every REST operation of the served OpenAPI document', async ({ page }) => {
  test.setTimeout(180_000)
  const browserErrors = collectBrowserErrors(page)
  const document = (await (await page.request.get('/api/openapi.json')).json()) as {
    openapi: string
    paths: Record<string, Record<string, { operationId: string }>>
  }
  expect(document.openapi).toBe('3.1.0')
  const operationIds = Object.values(document.paths).flatMap((item) => Object.values(item).map((operation) => operation.operationId))
  expect(operationIds).toContain('saveMessages')

  // readable without an operator session: it holds no secrets (issue 30)
  await page.goto('/api-reference')
  await expect(page).toHaveURL(/\/api-reference$/)
  await expect(page.getByRole('heading', { name: 'API reference', level: 1 })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible()

  // signed in, the same page with the operator's header
  await signIn(page, '/')
  await page.goto('/api-reference')
  await expect(page.getByRole('heading', { name: 'API reference', level: 1 })).toBeVisible()
  await expect(page.getByTestId('api-operation')).toHaveCount(operationIds.length)
  const save = page.locator('#saveMessages')
  await expect(save).toContainText('POST')
  await expect(save).toContainText('/api/v1/messages')
  await expect(save).toContainText('array of object')
  await expect(save).toContainText('messages.save')
  await save.getByText('Fields').click()
  await expect(save).toContainText('messageIds')
  await expect(page.getByTestId('openapi-link')).toHaveAttribute('href', '/api/openapi.json')
  // the descriptions' `identifiers` are code, never literal backticks, and stay inside their card at 800 px
  await expect(page.getByTestId('api-operation').filter({ hasText: '`' })).toHaveCount(0)
  await expect(page.locator('#saveMessages').locator('code', { hasText: 'messages.save' })).toBeVisible()
  // the Basics card's problem document wraps its "detail" line at 1440 px under its own indent, not at column 0
  await page.setViewportSize({ width: 1440, height: 900 })
  const basics = page.locator('section', { has: page.getByRole('heading', { name: 'Basics', level: 2 }) })
  await expectHangingIndent(basics.locator('pre'), '"detail"')
  await page.setViewportSize({ width: 800, height: 900 })
  const codeOutsideItsCard = await page.getByTestId('api-operation').evaluateAll((cards) =>
    cards.flatMap((card) => {
      const edge = card.getBoundingClientRect().right
      return [...card.querySelectorAll('code')].filter((code) => code.getBoundingClientRect().right > edge).map((code) => code.textContent)
    }),
  )
  expect(codeOutsideItsCard).toEqual([])
  await screenshots(page, 'api-reference')
  await page.locator('#listMessages').scrollIntoViewIfNeeded()
  await expect(page.locator('#listMessages')).toContainText('cursor')
  // the branch and call operations, with a body that may be left out (promote) and a path parameter
  await expect(page.locator('#promoteBranch')).toContainText('/api/v1/threads/{branchThreadId}/promote')
  await expect(page.locator('#getCall')).toContainText('/api/v1/calls/{id}')
  expect(browserErrors).toEqual([])
})
