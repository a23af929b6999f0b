// Operator passwords: bcrypt (bcryptjs, no native build). The admin app's
// sign-in (better-auth) verifies with the same function, so the seed, the
// first-admin bootstrap and sign-in agree on one format.
import bcrypt from 'bcryptjs'
import { InvalidInputError } from '@threadline/engine'

const BCRYPT_COST = 12
/** bcrypt reads at most 72 bytes: a longer password would be silently truncated, so it is refused. */
const MAX_PASSWORD_BYTES = 72
const MIN_PASSWORD_LENGTH = 8

/** Throws InvalidInputError('password') for a password that is too short or too long for bcrypt. */
export function checkOperatorPassword(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new InvalidInputError('password', `must be at least ${MIN_PASSWORD_LENGTH} characters`)
  }
  if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) {
    throw new InvalidInputError('password', `must be at most ${MAX_PASSWORD_BYTES} bytes (bcrypt reads no more)`)
  }
}

export async function hashOperatorPassword(password: string): Promise<string> {
  checkOperatorPassword(password)
  return bcrypt.hash(password, BCRYPT_COST)
}

/** Constant-time check of a password against its stored hash; false for anything malformed. */
export async function verifyOperatorPassword(password: string, hash: string): Promise<boolean> {
  if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) return false
  try {
    return await bcrypt.compare(password, hash)
  } catch {
    return false
  }
}
