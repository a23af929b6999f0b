import { expect, type Page } from '@playwright/test'
import { demoOperator } from '@threadline/db/seed'

// Shared steps of the UI specs: signing in as the seed's demo operator, the
// browser's console errors, and where screenshots go.

export const screenshotDir = 'test-results/screenshots'

/** Console errors and uncaught exceptions of the page, collected for the whole test. */
export function collectBrowserErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

/** Opens `next`, is sent to the sign-in page, signs in and lands back on `next`. */
export async function signIn(page: Page, next = '/'): Promise<void> {
  await page.goto(next)
  await expect(page).toHaveURL(/\/sign-in/)
  await page.getByLabel('Email').fill(demoOperator.email)
  await page.getByLabel('Password').fill(demoOperator.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  // a password check and the first render of a heavy page: seconds on a loaded machine
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}${url.hash}` === next, { timeout: 45_000 })
  await expect(page.getByTestId('operator')).toContainText(demoOperator.name)
}
