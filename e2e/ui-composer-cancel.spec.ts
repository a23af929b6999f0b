import { expect, test } from '@playwright/test'
import { demoThreads } from '@threadline/db/seed'
import { collectBrowserErrors, signIn } from './sign-in.ts'

// Issue 31 item 5: Cancel stops the turn and puts the typed message back in
// the composer, so nothing the operator wrote is lost.

const thread = demoThreads.find((seed) => seed.thread.id === 'initech-oncall-handoff')!.thread

test('Cancel puts the message back in the composer', async ({ page }) => {
  const browserErrors = collectBrowserErrors(page)
  await signIn(page)
  await page.goto(`/threads/${thread.id}`)
  const composer = page.getByTestId('composer')
  await expect(composer.getByTestId('composer-model')).toHaveValue('demo/scripted-replies')
  const text = 'A long question I do not want to type twice.'
  await composer.getByRole('textbox').fill(text)
  await composer.getByRole('button', { name: 'Send' }).click()
  await expect(composer.getByRole('textbox')).toHaveValue('')
  await composer.getByTestId('streaming-reply').getByRole('button', { name: 'Cancel' }).click()
  await expect(composer.getByTestId('streaming-reply')).toHaveAttribute('data-status', 'cancelled')
  await expect(composer.getByRole('textbox')).toHaveValue(text)
  expect(browserErrors).toEqual([])
})
