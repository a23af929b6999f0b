import { Button, type ButtonVariant } from './button.tsx'

/**
 * A dialog's footer: Cancel, then its action. A dialog that is a form leaves
 * out `onConfirm`: the action is then the form's submit button, so Enter in
 * its field acts too. While the action runs both wait, the action saying so.
 */
export function DialogFooter({
  confirmLabel,
  pendingLabel = 'Working…',
  confirmVariant = 'primary',
  pending,
  onCancel,
  onConfirm,
}: {
  confirmLabel: string
  pendingLabel?: string
  confirmVariant?: ButtonVariant
  pending: boolean
  onCancel: () => void
  onConfirm?: () => void
}) {
  return (
    <div className="flex justify-end gap-2 border-t border-slate-100 bg-slate-50 px-5 py-3">
      <Button variant="ghost" onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
      <Button variant={confirmVariant} {...(onConfirm ? { onClick: onConfirm } : { type: 'submit' as const })} disabled={pending}>
        {pending ? pendingLabel : confirmLabel}
      </Button>
    </div>
  )
}
