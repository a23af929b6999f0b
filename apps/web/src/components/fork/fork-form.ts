import { messageLimitSchema } from '@threadline/engine'
import type { RouterInputs } from '@/trpc/types.ts'

// The fork wizard's form, as typed, and its translation into cloneThread
// arguments (the same for clone.preview and clone.create). Problems are
// reported per field before anything is sent.

export type Boundary = 'exact' | 'expand' | 'trim'

export type ForkForm = {
  title: string
  newThreadId: string
  /** '' = the source's resource */
  resourceId: string
  metadataText: string
  /** fork point: clone up to and including this message ('' = no fork point) */
  upTo: string
  /** '' = no limit */
  messageLimit: string
  /** `datetime-local` values, in the browser's time zone ('' = open) */
  startDate: string
  endDate: string
  handPick: boolean
  pickedIds: string[]
  boundary: Boundary
}

export type CloneArgs = RouterInputs['clone']['preview']

export type ForkFormErrors = Partial<Record<'metadata' | 'messageLimit' | 'dates' | 'pickedIds' | 'upTo' | 'newThreadId', string>>

export function emptyForkForm(upTo = ''): ForkForm {
  return {
    title: '',
    newThreadId: '',
    resourceId: '',
    metadataText: '{}',
    upTo,
    messageLimit: '',
    startDate: '',
    endDate: '',
    handPick: false,
    pickedIds: [],
    boundary: 'exact',
  }
}

function parseMetadata(text: string): { value?: Record<string, unknown>; error?: string } {
  if (text.trim() === '') return {}
  try {
    const value: unknown = JSON.parse(text)
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return { error: 'Metadata must be a JSON object, e.g. {"reason": "try Claude"}' }
    return Object.keys(value).length === 0 ? {} : { value: value as Record<string, unknown> }
  } catch (error) {
    return { error: `Metadata is not valid JSON: ${error instanceof Error ? error.message : String(error)}` }
  }
}

function localDate(value: string): Date | null {
  if (value === '') return null
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? null : date
}

/**
 * The cloneThread arguments of the form, or the problems that stop it.
 * `createdAtOf` gives the fork point's time (its message must be in the source).
 */
export function toCloneArgs(
  sourceThreadId: string,
  form: ForkForm,
  createdAtOf: (messageId: string) => Date | undefined,
): { args: CloneArgs; errors: ForkFormErrors } {
  const errors: ForkFormErrors = {}
  const metadata = parseMetadata(form.metadataText)
  if (metadata.error) errors.metadata = metadata.error

  // the engine's rule: a whole number, 0 or more, where 0 means no limit
  let messageLimit: number | undefined
  if (form.messageLimit.trim() !== '') {
    const limit = messageLimitSchema.safeParse(Number(form.messageLimit))
    if (limit.success) messageLimit = limit.data
    else errors.messageLimit = 'The limit must be a whole number, 0 or more (0 = no limit)'
  }

  const startDate = localDate(form.startDate)
  let endDate = localDate(form.endDate)
  if (form.upTo !== '') {
    const forkPoint = createdAtOf(form.upTo)
    if (forkPoint === undefined) errors.upTo = `Message ${form.upTo} is not in this thread`
    else endDate = forkPoint
  }
  if (startDate && endDate && startDate > endDate) errors.dates = 'The start must not be after the end'

  if (form.handPick && form.pickedIds.length === 0) errors.pickedIds = 'Pick at least one message, or stop hand-picking'

  const messageFilter = {
    ...(startDate ? { startDate: startDate.toISOString() } : {}),
    ...(endDate ? { endDate: endDate.toISOString() } : {}),
    ...(form.handPick && form.pickedIds.length > 0 ? { messageIds: form.pickedIds } : {}),
  }
  const options = {
    ...(messageLimit !== undefined ? { messageLimit } : {}),
    ...(Object.keys(messageFilter).length > 0 ? { messageFilter } : {}),
    ...(form.boundary !== 'exact' ? { boundary: form.boundary } : {}),
  }
  const args: CloneArgs = {
    sourceThreadId,
    ...(form.title.trim() ? { title: form.title.trim() } : {}),
    ...(form.newThreadId.trim() ? { newThreadId: form.newThreadId.trim() } : {}),
    ...(form.resourceId ? { resourceId: form.resourceId } : {}),
    ...(metadata.value ? { metadata: metadata.value } : {}),
    ...(Object.keys(options).length > 0 ? { options } : {}),
  }
  return { args, errors }
}

/**
 * The field problem of a taken `newThreadId`, in one wording whichever call
 * found it (the preview and create answer CONFLICT naming `newThreadId`, each
 * in its own words); undefined for any other failure.
 */
export function takenThreadIdProblem(newThreadId: string, ...failures: { field: string | undefined }[]): string | undefined {
  if (!failures.some((failure) => failure.field === 'newThreadId')) return undefined
  return `“${newThreadId}” is already taken: choose another ID, or leave it empty for a generated one.`
}
