import type { RouterOutputs } from '@/trpc/types.ts'
import { Badge } from '../badge.tsx'
import { splitAtMatch } from './highlight-match.ts'
import { RuleConsoleOutput, RuleFailureNotice } from './rule-failure.tsx'

type Report = RouterOutputs['playground']['runError']['rules'][number]

const fixView = {
  fixed: { label: 'fix changed the messages', tone: 'emerald' },
  unchanged: { label: 'fix changed nothing', tone: 'slate' },
  failed: { label: 'fix failed', tone: 'red' },
} as const

/** Each rule: did one of its error patterns match (the match highlighted in the error text), and what its fix did. */
export function ReactiveRuleList({ rules }: { rules: Report[] }) {
  return (
    <ol className="divide-y divide-slate-100 rounded-md border border-slate-200" aria-label="Reactive rules">
      {rules.map((rule, index) => {
        const split = rule.pattern && rule.matchedText ? splitAtMatch(rule.matchedText, rule.pattern) : null
        return (
          <li key={`${rule.name}-${index}`} className="space-y-1.5 px-3 py-2" data-testid="reactive-rule" data-rule={rule.name} data-matched={rule.matched}>
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-mono text-sm font-medium text-slate-800">{rule.name}</span>
              <Badge tone={rule.origin === 'custom' ? 'violet' : 'slate'}>{rule.origin}</Badge>
              <span className="ml-auto flex flex-wrap gap-1">
                {rule.compileFailed ? (
                  <Badge tone="red">did not load</Badge>
                ) : (
                  <Badge tone={rule.matched ? 'emerald' : 'slate'}>{rule.matched ? 'matched' : 'no match'}</Badge>
                )}
                {rule.fix && <Badge tone={fixView[rule.fix].tone}>{fixView[rule.fix].label}</Badge>}
                {rule.matched && rule.fix === null && <Badge>fix not run: an earlier rule already fixed it</Badge>}
              </span>
            </div>
            {rule.pattern && (
              <p className="text-xs text-slate-600">
                Pattern{' '}
                <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-slate-800 [overflow-wrap:anywhere]">
                  /{rule.pattern.source}/{rule.pattern.flags}
                </code>
              </p>
            )}
            {rule.matchedText && (
              <p className="rounded-md bg-slate-50 px-2 py-1.5 font-mono text-xs leading-5 text-slate-600 [overflow-wrap:anywhere]" data-testid="matched-text">
                {split ? (
                  <>
                    {split.before}
                    <mark className="rounded bg-yellow-200 px-0.5 text-slate-900">{split.match}</mark>
                    {split.after}
                  </>
                ) : (
                  rule.matchedText
                )}
              </p>
            )}
            {rule.error && <RuleFailureNotice name={rule.name} failure={rule.error} />}
            <RuleConsoleOutput logs={rule.logs} className="text-slate-600" />
          </li>
        )
      })}
    </ol>
  )
}
