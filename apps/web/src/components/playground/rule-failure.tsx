import type { RouterOutputs } from '@/trpc/types.ts'
import { Notice } from '../ui/notice.tsx'

export type RuleFailure = NonNullable<RouterOutputs['playground']['runPrompt']['rules'][number]['error']>

const kindLabel: Record<RuleFailure['kind'], string> = {
  syntax: 'does not parse',
  'invalid-rule': 'does not export a usable rule',
  runtime: 'threw',
  timeout: 'ran past its time limit',
  memory: 'ran past its memory limit',
  'invalid-result': 'returned a value of the wrong shape',
  unavailable: 'could not run: the sandbox is restarting, try again',
}

type Log = RuleFailure['logs'][number]

/** A custom rule's console output, folded. */
export function RuleConsoleOutput({ logs, className = '' }: { logs: Log[]; className?: string }) {
  if (logs.length === 0) return null
  return (
    <details className={`mt-1 ${className}`} data-testid="rule-console">
      <summary className="cursor-pointer text-xs font-medium">console output ({logs.length})</summary>
      <pre className="mt-1 whitespace-pre-wrap font-mono text-xs [overflow-wrap:anywhere]">{logs.map((log) => `[${log.level}] ${log.message}`).join('\n')}</pre>
    </details>
  )
}

/** A custom rule's failure in the sandbox: what happened, the message, and what it logged. */
export function RuleFailureNotice({ name, failure }: { name: string; failure: RuleFailure }) {
  return (
    <Notice tone="error" title={`Rule “${name}” ${kindLabel[failure.kind]}`} testId="rule-error">
      <pre className="whitespace-pre-wrap font-mono text-xs [overflow-wrap:anywhere]">{failure.message}</pre>
      <RuleConsoleOutput logs={failure.logs} className="text-red-900/80" />
    </Notice>
  )
}
