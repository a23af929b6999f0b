import type { ReactNode } from 'react'

const tones = {
  error: 'border-red-200 bg-red-50 text-red-800',
  warning: 'border-amber-200 bg-amber-50 text-amber-900',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-800',
  info: 'border-indigo-200 bg-indigo-50 text-indigo-900',
} as const

export type NoticeTone = keyof typeof tones

/** A boxed message: errors and warnings are announced (role=alert), success and info politely (role=status). */
export function Notice({
  tone,
  title,
  children,
  className = '',
  testId,
}: {
  tone: NoticeTone
  title?: ReactNode
  children?: ReactNode
  className?: string
  testId?: string
}) {
  return (
    <div
      role={tone === 'error' || tone === 'warning' ? 'alert' : 'status'}
      data-testid={testId}
      className={`rounded-md border px-3 py-2 text-sm ${tones[tone]} ${className}`}
    >
      {title && <p className="font-semibold">{title}</p>}
      {children && <div className={title ? 'mt-0.5' : ''}>{children}</div>}
    </div>
  )
}
