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

/** A custom rule's failure in the sandbox: what happened, the message, and what it logged. */
export function RuleFailureNotice({ name, failure }: { name: string; failure: RuleFailure }) {
  return (
    <Notice tone="error" title={`Rule “${name}” ${kindLabel[failure.kind]}`} testId="rule-error">
      <pre className="whitespace-pre-wrap font-mono text-xs [overflow-wrap:anywhere]">{failure.message}</pre>
      {failure.logs.length > 0 && (
        <details className="mt-1">
          <summary className="cursor-pointer text-xs font-medium">console output ({failure.logs.length})</summary>
          <pre className="mt-1 whitespace-pre-wrap font-mono text-xs text-red-900/80">
            {failure.logs.map((log) => `[${log.level}] ${log.message}`).join('\n')}
          </pre>
        </details>
      )}
    </Notice>
  )
}
