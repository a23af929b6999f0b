'use client'

import { javascript } from '@codemirror/lang-javascript'
import { json } from '@codemirror/lang-json'
import CodeMirror, { EditorView } from '@uiw/react-codemirror'
import { useMemo } from 'react'
import type { CodeLanguage } from './code-editor.tsx'

const chrome = EditorView.theme({
  '&': { fontSize: '12px' },
  '.cm-content': { fontFamily: 'var(--font-mono)' },
  '.cm-gutters': { backgroundColor: '#f8fafc', borderRight: '1px solid #e2e8f0', color: '#94a3b8' },
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
  const extensions = useMemo(
    () => [language === 'json' ? json() : javascript(), chrome, EditorView.lineWrapping, EditorView.contentAttributes.of({ 'aria-label': label })],
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
        theme="light"
        minHeight={minHeight}
        maxHeight={maxHeight}
        basicSetup={{ foldGutter: false, highlightActiveLineGutter: true }}
      />
    </div>
  )
}
