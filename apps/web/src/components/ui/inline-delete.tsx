'use client'

import type { ReactNode } from 'react'
import { Button } from './button.tsx'

/** A list row's Delete button that asks in place ("Yes, delete" / "Cancel") before anything is deleted. */
export function InlineDelete({
  confirming,
  question,
  pending,
  ariaLabel,
  onAsk,
  onConfirm,
  onCancel,
}: {
  confirming: boolean
  question: ReactNode
  pending: boolean
  ariaLabel?: string
  onAsk: () => void
  onConfirm: () => void
  onCancel: () => void
}) {
  if (!confirming) {
    return (
      <Button size="sm" variant="danger" aria-label={ariaLabel} onClick={onAsk}>
        Delete
      </Button>
    )
  }
  return (
    <span className="flex flex-wrap items-center gap-2">
      <span className="text-xs text-slate-600">{question}</span>
      <Button size="sm" variant="danger" onClick={onConfirm} disabled={pending}>
        {pending ? 'Deleting…' : 'Yes, delete'}
      </Button>
      <Button size="sm" variant="ghost" onClick={onCancel}>
        Cancel
      </Button>
    </span>
  )
}
