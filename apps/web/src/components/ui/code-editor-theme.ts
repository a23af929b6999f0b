import { HighlightStyle, syntaxHighlighting } from '@codemirror/language'
import { EditorView } from '@uiw/react-codemirror'
import { tags } from '@lezer/highlight'
import { codePalette as palette } from './code-palette.ts'

// The code editor in the app's palette. Every colour is one of the app's CSS variables, which dark mode mirrors
// (apps/web/app/globals.css): the editor draws the card's surface, border and text in both schemes, like the cards
// around it, instead of a theme of its own (one-dark's grey #282c34). What it shares with the diff viewer comes from
// ./code-palette.ts. The `dark` flag only picks CodeMirror's own defaults for what is not set here.

const surface = {
  '&': { fontSize: '12px', backgroundColor: palette.surface, color: palette.text },
  '.cm-content': { fontFamily: 'var(--font-mono)', caretColor: palette.text },
  '.cm-cursor, .cm-dropCursor': { borderLeftColor: palette.text },
  '.cm-gutters': { backgroundColor: palette.gutter, borderRight: `1px solid ${palette.border}`, color: palette.gutterText },
  '.cm-activeLineGutter': { backgroundColor: palette.gutterActive, color: palette.gutterActiveText },
  '.cm-activeLine': { backgroundColor: 'color-mix(in oklab, var(--color-indigo-50) 50%, transparent)' },
  '.cm-selectionBackground': { backgroundColor: 'var(--color-slate-200)' },
  '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground': { backgroundColor: 'var(--color-indigo-200)' },
  '&.cm-focused .cm-matchingBracket': { backgroundColor: 'var(--color-emerald-100)', outline: '1px solid var(--color-emerald-300)' },
  '&.cm-focused .cm-nonmatchingBracket': { backgroundColor: 'var(--color-red-100)' },
  '.cm-selectionMatch': { backgroundColor: 'var(--color-yellow-100)' },
  '.cm-searchMatch': { backgroundColor: 'var(--color-yellow-100)', outline: '1px solid var(--color-yellow-400)' },
  '.cm-panels': { backgroundColor: palette.gutter, color: palette.text },
  '.cm-tooltip': { backgroundColor: palette.surface, border: `1px solid ${palette.border}`, color: palette.text },
  '.cm-tooltip-autocomplete > ul > li[aria-selected]': { backgroundColor: 'var(--color-indigo-100)', color: 'var(--color-indigo-900)' },
}

const lightSurface = EditorView.theme(surface, { dark: false })
const darkSurface = EditorView.theme(surface, { dark: true })

// Syntax colours from the palette's 700 shades: dark on white in light mode, light on navy in dark mode (mirrored).
const syntax = syntaxHighlighting(
  HighlightStyle.define([
    { tag: tags.keyword, color: 'var(--color-violet-700)' },
    { tag: [tags.atom, tags.bool, tags.null, tags.url, tags.contentSeparator, tags.labelName], color: 'var(--color-indigo-700)' },
    { tag: [tags.literal, tags.number, tags.inserted], color: 'var(--color-emerald-700)' },
    { tag: [tags.string, tags.deleted], color: 'var(--color-red-700)' },
    { tag: [tags.regexp, tags.escape, tags.special(tags.string)], color: 'var(--color-amber-700)' },
    { tag: [tags.definition(tags.variableName), tags.definition(tags.propertyName), tags.function(tags.variableName)], color: 'var(--color-sky-700)' },
    { tag: [tags.typeName, tags.namespace, tags.className, tags.special(tags.variableName), tags.macroName], color: 'var(--color-teal-700)' },
    { tag: tags.propertyName, color: 'var(--color-indigo-800)' },
    { tag: tags.comment, color: 'var(--color-slate-500)' },
    { tag: tags.meta, color: 'var(--color-slate-600)' },
    { tag: tags.invalid, color: 'var(--color-red-600)' },
    { tag: tags.link, textDecoration: 'underline' },
    { tag: tags.heading, textDecoration: 'underline', fontWeight: 'bold' },
    { tag: tags.emphasis, fontStyle: 'italic' },
    { tag: tags.strong, fontWeight: 'bold' },
    { tag: tags.strikethrough, textDecoration: 'line-through' },
  ]),
)

const themes = { light: [lightSurface, syntax], dark: [darkSurface, syntax] }

/** The editor's theme for the page's colour scheme: the app's surface and syntax colours (one value per scheme). */
export function editorTheme(colorScheme: 'light' | 'dark') {
  return themes[colorScheme]
}
