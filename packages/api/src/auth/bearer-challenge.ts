// The challenge of a 401 (RFC 6750, section 3): which scheme the API takes,
// and for a token that was presented and refused, `error="invalid_token"`.
// A request with no credentials at all names no error (section 3.1).

export const BEARER_REALM = 'threadline'

export function bearerChallenge(tokenPresented: boolean): string {
  const realm = `Bearer realm="${BEARER_REALM}"`
  return tokenPresented ? `${realm}, error="invalid_token", error_description="The API token is unknown, revoked or expired"` : realm
}
