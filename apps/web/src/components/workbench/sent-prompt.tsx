'use client'

import type { RouterOutputs } from '@/trpc/types.ts'
import { promptMessages } from '../calls/prompt-parts.ts'
import { ObservationText } from '../thread/observation-text.tsx'
import { CappedBlock } from '../ui/capped-block.tsx'
import { JsonBlock } from '../ui/json-block.tsx'

type View = RouterOutputs['workbench']['context']

/** The prompt as the provider receives it, after the compat rules, each rewritten message marked with the rules that rewrote it. */
export function SentPrompt({ view }: { view: View }) {
  const messages = promptMessages(view.prompt)
  return (
    <section className="rounded-lg border border-slate-200 bg-white shadow-sm" data-testid="sent-prompt">
      <header className="border-b border-slate-100 px-4 py-2">
        <h2 className="text-sm font-semibold">Prompt as sent (after the compat rules)</h2>
        <p className="text-xs text-slate-500">
          {view.ruleChanges.length === 0
            ? 'No compat rule changed this prompt: it is sent as memory assembled it above.'
            : `Rewritten by ${view.rulesApplied.join(', ')}; each message a rule produced is marked.`}
        </p>
      </header>
      {/* not in a scroll box (it cut its last row in half): each line is capped at four rows with its own Show all */}
      <ol className="divide-y divide-slate-100" data-testid="sent-prompt-messages">
        {messages.map((message, index) => {
          const marks = view.promptMarks[index] ?? []
          return (
            <li
              key={index}
              className={`px-4 py-1.5 text-xs ${marks.length > 0 ? 'border-l-4 border-amber-400 bg-amber-50' : ''}`}
              data-testid="sent-prompt-message"
              data-changed={marks.length > 0}
            >
              <div className="flex flex-wrap items-baseline gap-2">
                <span className="font-medium text-slate-600">{message.role}</span>
                {marks.length > 0 && <span className="text-amber-800">changed by {marks.join(', ')}</span>}
              </div>
              {message.lines.map((line, at) => (
                // four rows, then a fade and Show all: a clamp's ellipsis alone left no way to read the rest
                <CappedBlock key={at} lines={line.text.split('\n').length} capRem={4} inset="">
                  {line.kind === 'text' ? (
                    // the system message carries the observations: their priority emoji as the dots the panels draw (no tofu without an emoji font)
                    <ObservationText text={line.text} />
                  ) : (
                    <p className="whitespace-pre-wrap break-words text-slate-700 [overflow-wrap:anywhere]">
                      {`${line.kind}: `}
                      {line.text}
                    </p>
                  )}
                </CappedBlock>
              ))}
            </li>
          )
        })}
      </ol>
      {view.ruleChanges.length > 0 && (
        <details className="border-t border-slate-100 px-4 py-2 text-xs">
          <summary className="cursor-pointer text-indigo-700">What each rule changed (before / after)</summary>
          <ol className="mt-2 space-y-3">
            {view.ruleChanges.map((change, index) => (
              <li key={index}>
                <p className="font-medium">{change.rule}</p>
                <div className="mt-1 grid gap-2 md:grid-cols-2">
                  <JsonBlock label="Before" value={change.before} />
                  <JsonBlock label="After" value={change.after} />
                </div>
              </li>
            ))}
          </ol>
        </details>
      )}
    </section>
  )
}
