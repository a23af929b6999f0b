// The routers called in-process as a signed-in operator (no HTTP, no session
// lookup): router tests that need no transport.
import { CSRF_HEADER } from '../auth/csrf.ts'
import { appRouter } from '../routers/app.ts'
import type { Services } from '../services.ts'
import { createCallerFactory } from '../trpc.ts'

const createCaller = createCallerFactory(appRouter)

export function operatorCaller(services: Services) {
  return createCaller({
    services,
    // the header the admin UI sends with every request: mutations pass the CSRF check
    headers: new Headers({ [CSRF_HEADER]: '1' }),
    resHeaders: new Headers(),
    clientAddress: 'test',
    forwardedFor: null,
    getCaller: async () => ({ kind: 'operator', operator: { id: 'op', email: 'op@example.test', name: 'Op' }, sessionId: 's' }),
  })
}
