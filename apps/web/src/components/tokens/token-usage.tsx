'use client'

import { Fragment, useState } from 'react'
import { CopyButton } from '../ui/copy-button.tsx'
import { HangingLines } from '../ui/hanging-lines.tsx'
import { Tabs } from '../ui/tabs.tsx'
import { clientSnippet, curlSnippet, type SnippetInput } from './token-snippets.ts'

const snippetTabs = [
  { id: 'client', label: 'TypeScript client' },
  { id: 'curl', label: 'curl (REST)' },
] as const

type SnippetTab = (typeof snippetTabs)[number]['id']

/** How to use a newly issued token: a copyable client or curl snippet with the token filled in. */
export function TokenUsage({ token, resourceIds, canWrite }: { token: string; resourceIds: readonly string[]; canWrite: boolean }) {
  const [tab, setTab] = useState<SnippetTab>('client')
  const input: SnippetInput = { origin: window.location.origin, token, resourceId: resourceIds[0] ?? null, canWrite }
  const snippet = tab === 'client' ? clientSnippet(input) : curlSnippet(input)
  return (
    <div className="mt-3 min-w-0" data-testid="token-usage">
      <Tabs items={snippetTabs} selected={tab} onSelect={setTab} label="Usage snippet" size="sm" />
      <pre className="mt-2 rounded bg-white px-2 py-1.5 font-mono text-xs leading-5 text-slate-800 ring-1 ring-emerald-200" data-testid="token-snippet">
        <HangingLines lines={snippet.split('\n')} renderLine={(line) => withUnhyphenatedToken(line, token)} />
      </pre>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <CopyButton text={snippet} label={tab === 'client' ? 'Copy client snippet' : 'Copy curl command'} />
        <a href="/api-reference" className="text-xs font-medium text-indigo-700 hover:underline">
          API reference
        </a>
      </div>
    </div>
  )
}

/** The line with the token in a span that wraps at the edge, not at the token's own hyphens (a split there reads as a minus). */
function withUnhyphenatedToken(line: string, token: string) {
  return line.split(token).map((part, index) => (
    <Fragment key={index}>
      {index > 0 && (
        <span className="[line-break:anywhere]" data-testid="snippet-token">
          {token}
        </span>
      )}
      {part}
    </Fragment>
  ))
}
