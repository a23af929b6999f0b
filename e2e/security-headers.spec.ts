import { expect, test } from '@playwright/test'
import { collectBrowserErrors, signIn } from './sign-in.ts'

// B5 and B9 of the hardening issue against `next start`: security headers on
// pages and API answers, no X-Powered-By, and bodies over the 4 MB limit refused (413).

const EXPECTED = {
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
}

function checkHeaders(headers: Record<string, string>): void {
  for (const [name, value] of Object.entries(EXPECTED)) expect(headers[name], name).toBe(value)
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'")
  expect(headers['content-security-policy']).toContain("default-src 'self'")
  expect(headers['x-powered-by']).toBeUndefined()
}

test('pages and API answers carry the security headers, without X-Powered-By', async ({ request }) => {
  for (const path of ['/sign-in', '/', '/api/trpc/health.check', '/api/trpc/threads.list']) {
    const response = await request.get(path, { maxRedirects: 0 })
    checkHeaders(response.headers())
  }
})

test('a 5 MB body (over the 4 MB default) is refused with 413', async ({ request }) => {
  const response = await request.post('/api/trpc/auth.signIn', {
    headers: { 'content-type': 'application/json', 'x-threadline-csrf': '1' },
    data: JSON.stringify({ json: { email: 'a@b.c', password: 'x'.repeat(5 * 1024 * 1024) } }),
  })
  expect(response.status()).toBe(413)
  checkHeaders(response.headers())
})

test('the playground (code editor, inline styles) runs under the CSP without violations', async ({ page }) => {
  const errors = collectBrowserErrors(page)
  await signIn(page, '/playground')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  expect(errors.filter((error) => /Content Security Policy/i.test(error))).toEqual([])
})
