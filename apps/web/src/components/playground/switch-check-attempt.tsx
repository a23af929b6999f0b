import type { RouterOutputs } from '@/trpc/types.ts'
import { Badge } from '../badge.tsx'

type Attempt = RouterOutputs['playground']['switchCheck']['families']['families'][number]['asIs']

/** Accepted or refused, as a badge (the HTTP status when the dialect answered). */
export function AttemptBadge({ attempt }: { attempt: Attempt }) {
  if (attempt.accepted) return <Badge tone="emerald">accepted</Badge>
  return <Badge tone="red">{attempt.status === null ? 'refused before sending' : `refused: ${attempt.status}`}</Badge>
}

/** What the dialect answered: the reply, or its error body verbatim (the package's message when there is no body). */
export function AttemptBody({ attempt }: { attempt: Attempt }) {
  if (attempt.accepted) return <p className="text-xs text-slate-600">Reply: “{attempt.reply}”</p>
  return (
    <pre
      className="whitespace-pre-wrap rounded-md border border-red-200 bg-red-50 px-2 py-1.5 font-mono text-xs text-red-800 [overflow-wrap:anywhere]"
      data-testid="error-body"
    >
      {attempt.errorBody ?? attempt.message}
    </pre>
  )
}
