import { expect, type Locator, type Page } from '@playwright/test'
import { acmeDeliveryStorm } from '@threadline/db/seed'

// "Save as fixture" from a call's trace, shared by the calls and rules specs.

/** Saves the demo's Anthropic tool-ID 400 (the delivery-storm call repaired after it) as a fixture of the saved rule `rule`; returns the call's strip. */
export async function saveFixture(page: Page, rule: string): Promise<Locator> {
  await page.goto(`/threads/${acmeDeliveryStorm.thread.id}`)
  const strip = page.getByTestId('call-strip').filter({ hasText: 'tool IDs rewritten after 400' })
  await strip.getByRole('button').first().click()
  await strip.getByRole('button', { name: 'Save as fixture' }).click()
  const form = strip.getByRole('form', { name: 'Save as fixture' })
  await form.getByLabel('Saved rule').selectOption({ label: rule })
  await form.getByRole('button', { name: 'Save fixture' }).click()
  await expect(strip.getByRole('status')).toContainText(`as a fixture of “${rule}”`)
  return strip
}
