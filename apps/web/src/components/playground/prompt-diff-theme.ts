import type { ReactDiffViewerStylesVariables } from 'react-diff-viewer-continued'
import { codePalette as palette } from '../ui/code-palette.ts'

// The diff viewer in the app's palette, like the code editor: the card's surface, text and gutter from the shared
// code palette, added and removed lines in the palette's emerald and red. Every value is one of the app's CSS
// variables, which dark mode mirrors, so this one set serves both schemes: the viewer needs no scheme flag, and
// never falls back to its own grey dark theme (#2e303c). Word changes are two shades stronger than their line, and
// readable with the line's text in both schemes (light: 200 under slate-900; dark: the mirrored 200, a mid shade,
// under near-white).

export const diffViewerColours: Required<ReactDiffViewerStylesVariables> = {
  diffViewerBackground: palette.surface,
  diffViewerColor: palette.text,
  diffViewerTitleBackground: palette.gutter,
  diffViewerTitleColor: palette.gutterActiveText,
  diffViewerTitleBorderColor: palette.border,
  addedBackground: 'var(--color-emerald-50)',
  addedColor: palette.text,
  wordAddedBackground: 'var(--color-emerald-200)',
  addedGutterBackground: 'var(--color-emerald-100)',
  addedGutterColor: 'var(--color-emerald-700)',
  removedBackground: 'var(--color-red-50)',
  removedColor: palette.text,
  wordRemovedBackground: 'var(--color-red-200)',
  removedGutterBackground: 'var(--color-red-100)',
  removedGutterColor: 'var(--color-red-700)',
  changedBackground: 'var(--color-amber-50)',
  gutterBackground: palette.gutter,
  gutterBackgroundDark: palette.gutterActive,
  gutterColor: palette.gutterText,
  emptyLineBackground: palette.gutter,
  highlightBackground: 'var(--color-yellow-50)',
  highlightGutterBackground: 'var(--color-yellow-100)',
  codeFoldBackground: 'var(--color-indigo-50)',
  codeFoldGutterBackground: 'var(--color-indigo-100)',
  codeFoldContentColor: 'var(--color-indigo-700)',
}
