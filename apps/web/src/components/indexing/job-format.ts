import type { IndexJobState } from '@threadline/engine'
import type { BadgeTone } from '../badge.tsx'

export const jobStateTone: Record<IndexJobState, BadgeTone> = {
  queued: 'slate',
  running: 'indigo',
  done: 'emerald',
  failed: 'red',
  cancelled: 'amber',
}

export const isActive = (state: IndexJobState) => state === 'queued' || state === 'running'

/** "42 msg/s" (one decimal under 10). */
export function formatRate(perSecond: number | null): string {
  if (perSecond === null) return '–'
  return `${perSecond < 10 ? perSecond.toFixed(1) : Math.round(perSecond).toLocaleString('en')} msg/s`
}

/** "12 s", "3 min 5 s", "1 h 4 min". */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return '–'
  const s = Math.max(0, Math.round(seconds))
  if (s < 60) return `${s} s`
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`
  return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`
}
