import type { Locator } from '@playwright/test'

/**
 * The WCAG contrast ratio between an element's background and that of its
 * nearest ancestor matching `around` (1: the same colour, invisible). Colours
 * go through a canvas, which resolves any CSS colour (oklch too) to sRGB.
 */
export async function backgroundContrast(element: Locator, around: string): Promise<number> {
  return element.evaluate((node, selector) => {
    const context = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!
    const luminance = (color: string) => {
      context.clearRect(0, 0, 1, 1)
      context.fillStyle = color
      context.fillRect(0, 0, 1, 1)
      const [r, g, b] = [...context.getImageData(0, 0, 1, 1).data].map((channel) => {
        const value = channel / 255
        return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4
      })
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
    }
    const outer = node.parentElement?.closest(selector)
    if (!outer) return Number.NaN
    const [a, b] = [luminance(getComputedStyle(node).backgroundColor), luminance(getComputedStyle(outer).backgroundColor)]
    return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)
  }, around)
}
