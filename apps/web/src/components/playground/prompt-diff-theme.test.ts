import { describe, expect, it } from 'vitest'
import { diffViewerColours } from './prompt-diff-theme.ts'

describe('diffViewerColours', () => {
  // a literal colour would stay the same in dark mode (the type already asks for every colour the viewer draws)
  it('takes each colour from the app palette variables, which dark mode mirrors', () => {
    const notFromPalette = Object.entries(diffViewerColours).filter(([, colour]) => !/^var\(--color-[a-z]+(-\d+)?\)$/.test(colour))
    expect(notFromPalette).toEqual([])
  })
})
