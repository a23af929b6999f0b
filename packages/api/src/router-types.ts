// Every procedure's input and output types, for the admin UI and the client.
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server'
import type { AppRouter } from './routers/app.ts'

export type RouterInputs = inferRouterInputs<AppRouter>
export type RouterOutputs = inferRouterOutputs<AppRouter>
