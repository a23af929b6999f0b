// The pages anyone may open without an operator session: signing in, and the
// API reference (it is the served OpenAPI document, which holds no secrets).

export const SIGN_IN_PATH = '/sign-in'
const PUBLIC_PAGE_PATHS = [SIGN_IN_PATH, '/api-reference']

export function isPublicPage(pathname: string): boolean {
  return PUBLIC_PAGE_PATHS.includes(pathname)
}
