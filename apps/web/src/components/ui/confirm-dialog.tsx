'use client'

import { useEffect, useRef, type ReactNode } from 'react'
import type { ButtonVariant } from './button.tsx'
import { DialogFooter } from './dialog-footer.tsx'

/**
 * A modal confirmation (the native <dialog>: focus trapped, Escape cancels).
 * `children` says exactly what will happen; the action runs only on confirm.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  confirmVariant = 'primary',
  pending,
  error,
  onConfirm,
  onCancel,
  testId,
}: {
  open: boolean
  title: string
  children: ReactNode
  confirmLabel: string
  confirmVariant?: ButtonVariant
  pending: boolean
  error?: string | null
  onConfirm: () => void
  onCancel: () => void
  testId?: string
}) {
  const ref = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal()
    if (!open && dialog.open) dialog.close()
  }, [open])
  return (
    <dialog
      ref={ref}
      onCancel={(event) => {
        event.preventDefault()
        if (!pending) onCancel()
      }}
      aria-labelledby={testId ? `${testId}-title` : undefined}
      data-testid={testId}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-lg border border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-black/50"
    >
      <div className="space-y-3 px-5 py-4">
        <h2 id={testId ? `${testId}-title` : undefined} className="text-base font-semibold">
          {title}
        </h2>
        <div className="space-y-2 text-sm text-slate-700">{children}</div>
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
      <DialogFooter confirmLabel={confirmLabel} confirmVariant={confirmVariant} pending={pending} onCancel={onCancel} onConfirm={onConfirm} />
    </dialog>
  )
}
