'use client'

import { javascript } from '@codemirror/lang-javascript'
import { json } from '@codemirror/lang-json'
import CodeMirror, { EditorView } from '@uiw/react-codemirror'
import { useMemo } from 'react'
import { useColorScheme } from '../use-color-scheme.ts'
import type { CodeLanguage } from './code-editor.tsx'
import { sidewaysOverflowCues } from './code-editor-overflow.ts'
import { editorTheme } from './code-editor-theme.ts'

// a pasted one-line JSON body leaves the cursor, and so the view, at the line's end: once the editor loses focus,
// scroll back so a reader sees where its lines begin
const showLineStartsWhenIdle = EditorView.updateListener.of((update) => {
  if (update.focusChanged && !update.view.hasFocus) update.view.scrollDOM.scrollLeft = 0
})

export default function CodeEditorImpl({
  value,
  onChange,
  language,
  label,
  minHeight = '6rem',
  maxHeight = '28rem',
}: {
  value: string
  onChange: (value: string) => void
  language: CodeLanguage
  label: string
  minHeight?: string
  maxHeight?: string
}) {
  // CodeMirror draws its own colours, from the app's palette variables; the scheme picks CodeMirror's own defaults
  const colorScheme = useColorScheme()
  // no line wrapping: a long line scrolls sideways (with a thin scrollbar and edge fades), so each line is one row and
  // the gutter's numbers stay beside their lines (with wrapping they drifted at 800 px, the gutter keeping heights of
  // an earlier layout)
  const extensions = useMemo(
    () => [language === 'json' ? json() : javascript(), sidewaysOverflowCues, showLineStartsWhenIdle, EditorView.contentAttributes.of({ 'aria-label': label })],
    [language, label],
  )
  return (
    <div
      className="overflow-hidden rounded-md border border-slate-300 shadow-sm focus-within:border-indigo-500 focus-within:ring-2 focus-within:ring-indigo-500/20"
      data-testid={`code-editor-${language}`}
    >
      <CodeMirror
        value={value}
        onChange={onChange}
        extensions={extensions}
        theme={editorTheme(colorScheme)}
        minHeight={minHeight}
        maxHeight={maxHeight}
        basicSetup={{ foldGutter: false, highlightActiveLineGutter: true }}
      />
    </div>
  )
}
