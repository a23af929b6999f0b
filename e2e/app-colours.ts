import { expect, type Locator, type Page } from '@playwright/test'

// Widgets that draw their own colours (the code editor, the diff viewer) ship a grey dark theme of their own. In dark
// mode they must draw the navy surface of the card around them, from the app's palette variables, like the rest of
// the page.

/**
 * In dark mode, `surface` inside `widget` has the background of the card (`section`) around it, and no element of the
 * widget is painted in one of `foreignColours` (the widget's own dark theme: any CSS colour).
 */
export async function expectCardColoursInDark(page: Page, widget: Locator, surface: string, foreignColours: string[]): Promise<void> {
  await page.emulateMedia({ colorScheme: 'dark' })
  const colours = () =>
    widget.evaluate(
      (element, { surface, foreignColours }) => {
        // the foreign colours as the browser computes them (`#2e303c` -> `rgb(46, 48, 60)`)
        const probe = document.createElement('div')
        document.body.append(probe)
        const foreign = foreignColours.map((colour) => {
          probe.style.backgroundColor = colour
          return getComputedStyle(probe).backgroundColor
        })
        probe.remove()
        return {
          surface: getComputedStyle(element.querySelector(surface)!).backgroundColor,
          card: getComputedStyle(element.closest('section')!).backgroundColor,
          foreign: [element, ...element.querySelectorAll('*')]
            .filter((node) => foreign.includes(getComputedStyle(node).backgroundColor))
            .map((node) => `${node.tagName.toLowerCase()}.${node.getAttribute('class') ?? ''}: ${getComputedStyle(node).backgroundColor}`),
        }
      },
      { surface, foreignColours },
    )
  // the scheme may reach the widget a render later
  await expect
    .poll(async () => {
      const { surface, card } = await colours()
      return surface === card ? 'the card' : `${surface} on a ${card} card`
    })
    .toBe('the card')
  expect((await colours()).foreign).toEqual([])
  await page.emulateMedia({ colorScheme: 'light' })
}
