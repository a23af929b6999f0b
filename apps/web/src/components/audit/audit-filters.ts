import type { RouterInputs } from '@/trpc/types.ts'

/** The page's filter fields as typed (ids trimmed, times from datetime-local inputs in the viewer's zone). */
export type AuditFilterFields = { actorId: string; action: string; threadId: string; resourceId: string; from: string; to: string }

export const emptyAuditFilters: AuditFilterFields = { actorId: '', action: '', threadId: '', resourceId: '', from: '', to: '' }

type ListInput = RouterInputs['audit']['list']

/** A datetime-local value ("2026-12-03T16:40") as an ISO instant; '' or an unreadable value: no bound. */
function instant(local: string): string | undefined {
  if (local === '') return undefined
  const date = new Date(local)
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString()
}

/** The list's input for the fields: empty fields are left out. */
export function auditListInput(fields: AuditFilterFields, cursor: string | undefined, limit: number): ListInput {
  const from = instant(fields.from)
  const to = instant(fields.to)
  return {
    limit,
    ...(fields.actorId ? { actorId: fields.actorId } : {}),
    ...(fields.action ? { action: fields.action as NonNullable<ListInput['action']> } : {}),
    ...(fields.threadId.trim() ? { threadId: fields.threadId.trim() } : {}),
    ...(fields.resourceId.trim() ? { resourceId: fields.resourceId.trim() } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(cursor ? { cursor } : {}),
  }
}
