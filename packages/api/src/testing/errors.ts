import { TRPCClientError } from '@trpc/client'

export type CallFailure = { code: string; httpStatus: number; message: string; field?: string; issues?: { path: string; message: string }[] }

/** How a call failed over HTTP (the tRPC error code, status, message, field); throws when it succeeded. */
export async function failureOf(call: Promise<unknown>): Promise<CallFailure> {
  const outcome = await call.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  )
  if (outcome.ok) throw new Error(`expected the call to fail, it returned ${(JSON.stringify(outcome.value) as string | undefined)?.slice(0, 200)}`)
  if (!(outcome.error instanceof TRPCClientError)) throw outcome.error
  const data = outcome.error.data as { code: string; httpStatus: number; field?: string; issues?: CallFailure['issues'] }
  return {
    code: data.code,
    httpStatus: data.httpStatus,
    message: outcome.error.message,
    ...(data.field ? { field: data.field } : {}),
    ...(data.issues ? { issues: data.issues } : {}),
  }
}

/** The failure with an id taken out of its message: to compare another tenant's id's answer with a missing one's. */
export function anonymised(failure: CallFailure, id: string): CallFailure {
  return { ...failure, message: failure.message.replaceAll(id, '<id>') }
}
