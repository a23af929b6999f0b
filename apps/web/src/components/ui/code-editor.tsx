'use client'

import dynamic from 'next/dynamic'
import { Spinner } from './progress.tsx'

// CodeMirror 6 through @uiw/react-codemirror, loaded in the browser only: the
// editor measures the DOM and has nothing to render on the server.
const CodeEditorImpl = dynamic(() => import('./code-editor-impl.tsx'), {
  ssr: false,
  loading: () => (
    <div className="flex h-24 items-center gap-2 rounded-md border border-slate-300 bg-white px-3 text-xs text-slate-500">
      <Spinner className="size-3.5" /> Loading the editor…
    </div>
  ),
})

export type CodeLanguage = 'javascript' | 'json'

export function CodeEditor(props: {
  value: string
  onChange: (value: string) => void
  language: CodeLanguage
  label: string
  minHeight?: string
  maxHeight?: string
}) {
  return <CodeEditorImpl {...props} />
}
