// A REST path's segments, %-decoded in this one place: the REST handler matches
// operations on them, and the web app's proxy answers a malformed escape before
// Next decodes its route parameters (and fails with its own HTML page).
import { problemOf, type Problem } from './problem.ts'

export const REST_BASE_PATH = '/api/v1'

/** The path's `/`-separated segments, each %-decoded; null when one holds a malformed %-escape (`%zz`, a cut UTF-8 sequence). */
export function decodedPathSegments(path: string): string[] | null {
  try {
    return path.split('/').map(decodeURIComponent)
  } catch {
    // URIError: the only thing decodeURIComponent throws
    return null
  }
}

/** The answer to a path with a malformed %-escape: the caller sent something no id can be. */
export const malformedPathProblem: Problem = problemOf({
  message: 'The path is not a valid URL path: a %-escape in it is malformed',
  data: { code: 'BAD_REQUEST', httpStatus: 400 },
})
