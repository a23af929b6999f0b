// The colours code is drawn in, shared by the code editor and the diff viewer. Each is one of the app's CSS
// variables, which dark mode mirrors (apps/web/app/globals.css): one value serves both schemes, and code sits on the
// card's own surface (white, or navy in dark mode) instead of a grey theme of the widget's.

export const codePalette = {
  /** the card's background */
  surface: 'var(--color-white)',
  text: 'var(--color-slate-900)',
  gutter: 'var(--color-slate-50)',
  gutterText: 'var(--color-slate-400)',
  /** the gutter of the line in focus, or under the pointer */
  gutterActive: 'var(--color-slate-100)',
  gutterActiveText: 'var(--color-slate-700)',
  border: 'var(--color-slate-200)',
} as const
