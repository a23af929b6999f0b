// branches.diff's page sizes, apart from the router so the browser client can
// import them (the admin UI asks for the largest page) without the server code.

/** The most messages of each side one branches.diff answer holds, and how many it holds unless asked. */
export const THREAD_DIFF_MAX_MESSAGES = 1000
export const THREAD_DIFF_DEFAULT_MESSAGES = 200
