/** better-auth names its cookies `<prefix>.session_token` (with `__Secure-` in front on https). */
export const SESSION_COOKIE_PREFIX = 'threadline'

export const SESSION_COOKIE_NAMES = [`${SESSION_COOKIE_PREFIX}.session_token`, `__Secure-${SESSION_COOKIE_PREFIX}.session_token`]
