// Operator sign-in with better-auth (email + password, sessions in the
// database through its Prisma adapter). Its HTTP handler is not mounted: the
// `auth` router calls its server API, so sign-up and every other endpoint stay
// closed, and the tRPC CSRF check covers sign-in and sign-out too.
import { betterAuth } from 'better-auth'
import { prismaAdapter } from 'better-auth/adapters/prisma'
import { SESSION_COOKIE_PREFIX } from './session-cookie.ts'
import { hashOperatorPassword, verifyOperatorPassword, type PrismaClient } from '@threadline/db'

export type OperatorAuthConfig = {
  secret: string
  /** the app's public origin, e.g. https://threadline.example.com (cookies get `Secure` when it is https) */
  baseURL: string
  sessionTtlSeconds: number
}

export function createOperatorAuth(prisma: PrismaClient, config: OperatorAuthConfig) {
  return betterAuth({
    appName: 'Threadline',
    secret: config.secret,
    baseURL: config.baseURL,
    database: prismaAdapter(prisma, { provider: 'postgresql' }),
    user: { modelName: 'operator' },
    session: {
      modelName: 'operatorSession',
      fields: { userId: 'operatorId' },
      expiresIn: config.sessionTtlSeconds,
    },
    account: { modelName: 'operatorAccount', fields: { userId: 'operatorId' } },
    verification: { modelName: 'authVerification' },
    emailAndPassword: {
      enabled: true,
      // operators are created by an admin (first admin from the environment, demo seed), never by sign-up
      disableSignUp: true,
      password: {
        hash: hashOperatorPassword,
        verify: ({ hash, password }) => verifyOperatorPassword(password, hash),
      },
    },
    advanced: {
      cookiePrefix: SESSION_COOKIE_PREFIX,
      useSecureCookies: config.baseURL.startsWith('https:'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    telemetry: { enabled: false },
  })
}

export type OperatorAuth = ReturnType<typeof createOperatorAuth>
