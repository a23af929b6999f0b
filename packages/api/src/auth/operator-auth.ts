// Operator sign-in with better-auth (email + password, sessions in the
// database through its Prisma adapter). Its HTTP handler is not mounted: the
// `auth` router calls its server API, so sign-up and every other endpoint stay
// closed, and the tRPC CSRF check covers sign-in and sign-out too.
import { betterAuth } from 'better-auth'
import { prismaAdapter } from 'better-auth/adapters/prisma'
import type { ConcurrencyGate } from './concurrency-gate.ts'
import { SESSION_COOKIE_PREFIX } from './session-cookie.ts'
import { hashPasswordArgon2id, isLegacyPasswordHash, verifyOperatorPassword, type PrismaClient } from '@threadline/db'

export type OperatorAuthConfig = {
  secret: string
  /** the app's public origin, e.g. https://threadline.example.com (cookies get `Secure` when it is https) */
  baseURL: string
  sessionTtlSeconds: number
}

/**
 * A correct password whose stored hash is legacy bcrypt: store its argon2id
 * hash instead (matched by the old hash, which is salted and so unique).
 */
async function rehashLegacy(prisma: PrismaClient, hash: string, password: string): Promise<void> {
  const argon2id = await hashPasswordArgon2id(password)
  await prisma.operatorAccount.updateMany({ where: { providerId: 'credential', password: hash }, data: { password: argon2id } })
}

/**
 * `passwordChecks` caps the hashing work of the whole process (GateFullError
 * past its queue). better-auth hashes the password sent for an unknown email
 * (the same argon2id cost as verifying a wrong one): every failure costs the same.
 */
export function createOperatorAuth(prisma: PrismaClient, config: OperatorAuthConfig, passwordChecks: ConcurrencyGate) {
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
        hash: (password) => passwordChecks.run(() => hashPasswordArgon2id(password)),
        verify: ({ hash, password }) =>
          passwordChecks.run(async () => {
            const valid = await verifyOperatorPassword(password, hash)
            if (valid && isLegacyPasswordHash(hash)) await rehashLegacy(prisma, hash, password)
            return valid
          }),
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
