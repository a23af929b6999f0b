// Errors over REST as RFC 9457 problem documents (application/problem+json):
// the same sentence, typed code, field and issues the tRPC answer carries
// (both come from the one errorFormatter).
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc'
import { z } from 'zod'

export const PROBLEM_CONTENT_TYPE = 'application/problem+json'

/** tRPC's error codes: every `code` a problem can have */
type ErrorCode = keyof typeof TRPC_ERROR_CODES_BY_KEY

/** The problem document; `code` is the typed error code (tRPC's), `field` the first input field at fault. */
export const problemSchema = z.looseObject({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
  code: z.enum(Object.keys(TRPC_ERROR_CODES_BY_KEY) as [ErrorCode, ...ErrorCode[]]),
  field: z.string().optional(),
  issues: z.array(z.looseObject({ path: z.string(), message: z.string() })).optional(),
  /** for a server failure: the ID its details are logged under */
  errorId: z.string().optional(),
  /** a 413: the limits (request bytes, messages per save) ... */
  limit: z.object({ bytes: z.number().int(), messages: z.number().int() }).optional(),
  /** ... and what the refused batch held (its declared bytes, its messages) */
  size: z.object({ bytes: z.number().int().optional(), messages: z.number().int().optional() }).optional(),
})

export type Problem = z.output<typeof problemSchema>

/** The formatted tRPC error shape's parts a problem needs. */
export type ErrorShapeLike = {
  message: string
  data: {
    code: ErrorCode
    httpStatus: number
    field?: string
    issues?: readonly { path: string; message: string }[]
    errorId?: string
    limit?: { bytes: number; messages: number }
    size?: { bytes?: number; messages?: number }
  }
}

/** "NOT_FOUND" -> "Not found" */
function titleOf(code: string): string {
  const words = code.toLowerCase().replaceAll('_', ' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}

export function problemOf(shape: ErrorShapeLike): Problem {
  const { code, httpStatus, field, issues, errorId, limit, size } = shape.data
  return {
    type: `urn:threadline:error:${code}`,
    title: titleOf(code),
    status: httpStatus,
    detail: shape.message,
    code,
    ...(field === undefined ? {} : { field }),
    ...(issues === undefined ? {} : { issues: [...issues] }),
    ...(errorId === undefined ? {} : { errorId }),
    ...(limit === undefined ? {} : { limit }),
    ...(size === undefined ? {} : { size }),
  }
}

export function problemResponse(problem: Problem, headers: Headers = new Headers()): Response {
  headers.set('content-type', PROBLEM_CONTENT_TYPE)
  return new Response(JSON.stringify(problem), { status: problem.status, headers })
}
