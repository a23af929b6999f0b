import type { RouterOutputs } from '@/trpc/types.ts'
import { Badge, type BadgeTone } from '../badge.tsx'
import { plural } from '../format.ts'
import { RuleConsoleOutput, RuleFailureNotice } from './rule-failure.tsx'

type Report = RouterOutputs['playground']['runPrompt']['rules'][number]
type PromptDiff = NonNullable<Report['changes']>

const statusView: Record<Report['status'], { label: string; tone: BadgeTone }> = {
  changed: { label: 'fired: changed the prompt', tone: 'emerald' },
  unchanged: { label: 'ran: no change', tone: 'slate' },
  'not-proactive': { label: 'reactive only', tone: 'sky' },
  failed: { label: 'failed', tone: 'red' },
  'compile-failed': { label: 'did not load', tone: 'red' },
}

function partType(part: unknown): string {
  return part !== null && typeof part === 'object' && 'type' in part ? String(part.type) : 'part'
}

/** "2 × reasoning" style counts of part types. */
function countTypes(parts: unknown[]): string {
  const counts = new Map<string, number>()
  for (const part of parts) counts.set(partType(part), (counts.get(partType(part)) ?? 0) + 1)
  return [...counts].map(([type, count]) => (count > 1 ? `${count} × ${type}` : type)).join(', ')
}

/** What a rule changed, message by message. */
export function describePromptChanges(changes: PromptDiff): string[] {
  const lines = changes.messages.map((change) => {
    const what = [
      change.removedParts.length > 0 ? `removed ${countTypes(change.removedParts)}` : null,
      change.addedParts.length > 0 ? `added ${countTypes(change.addedParts)}` : null,
      change.otherChanges ? 'changed its text or options' : null,
    ].filter(Boolean)
    return `message ${change.index + 1} (${change.role}): ${what.join('; ')}`
  })
  if (changes.removedMessages.length > 0) lines.push(`removed ${plural(changes.removedMessages.length, 'message')} at the end`)
  if (changes.addedMessages.length > 0) lines.push(`added ${plural(changes.addedMessages.length, 'message')} at the end`)
  return lines
}

/** Each rule in the order it ran: fired or not, and what it changed. */
export function ProactiveRuleList({ rules }: { rules: Report[] }) {
  return (
    <ol className="divide-y divide-slate-100 rounded-md border border-slate-200" aria-label="Rules">
      {rules.map((rule, index) => {
        const view = statusView[rule.status]
        return (
          <li key={`${rule.name}-${index}`} className="space-y-1.5 px-3 py-2" data-testid="rule-report" data-rule={rule.name} data-status={rule.status}>
            <div className="flex flex-wrap items-center gap-2">
              {/* a fixed, right-aligned column: the names of #10 and on start where those of #1-#9 do */}
              <span className="w-5 shrink-0 text-right font-mono text-xs tabular-nums text-slate-400">{index + 1}</span>
              <span className="font-mono text-sm font-medium text-slate-800">{rule.name}</span>
              <Badge tone={rule.origin === 'custom' ? 'violet' : 'slate'}>{rule.origin}</Badge>
              <span className="ml-auto">
                <Badge tone={view.tone}>{view.label}</Badge>
              </span>
            </div>
            {rule.changes && (
              <ul className="list-disc pl-11 text-xs text-slate-600">
                {describePromptChanges(rule.changes).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            )}
            {rule.error && <RuleFailureNotice name={rule.name} failure={rule.error} />}
            <RuleConsoleOutput logs={rule.logs} className="text-slate-600" />
          </li>
        )
      })}
    </ol>
  )
}
