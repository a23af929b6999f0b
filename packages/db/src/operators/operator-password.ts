// Operator passwords: argon2id (@node-rs/argon2, a prebuilt native binding that
// hashes on libuv's thread pool, off the event loop). Hashes made before it are
// bcrypt; they still verify (bcryptjs) and sign-in replaces them with argon2id.
// The admin app's sign-in, the seed and the first-admin bootstrap share these
// functions, so they agree on one format.
import { hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2'
import bcrypt from 'bcryptjs'
import { InvalidInputError } from '@threadline/engine'

/** OWASP's argon2id setting: 19 MiB, two passes, one lane (~30-60 ms here). */
// algorithm 2 is `Algorithm.Argon2id` (a const enum, which isolated modules cannot read)
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const
const ARGON2ID_PREFIX = '$argon2id$'
/** Longer passwords are refused: hashing cost should not depend on what a caller sends. */
const MAX_PASSWORD_BYTES = 256
const MIN_PASSWORD_LENGTH = 8

/** Throws InvalidInputError('password') for a password that is too short or too long. */
export function checkOperatorPassword(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new InvalidInputError('password', `must be at least ${MIN_PASSWORD_LENGTH} characters`)
  }
  if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) {
    throw new InvalidInputError('password', `must be at most ${MAX_PASSWORD_BYTES} bytes`)
  }
}

/** The argon2id hash of a password that passes `checkOperatorPassword`. */
export async function hashOperatorPassword(password: string): Promise<string> {
  checkOperatorPassword(password)
  return hashPasswordArgon2id(password)
}

/**
 * argon2id with no password policy. Sign-in hashes what an unknown email sent
 * with it: that costs what verifying a wrong password costs, and a too-short
 * guess fails like any other (no policy message tells which emails exist).
 */
export function hashPasswordArgon2id(password: string): Promise<string> {
  return argon2Hash(password, ARGON2_OPTIONS)
}

/** A bcrypt hash (from before argon2id): verifies, and is replaced on the next sign-in. */
export function isLegacyPasswordHash(hash: string): boolean {
  return !hash.startsWith(ARGON2ID_PREFIX)
}

/** Constant-time check of a password against its stored hash (argon2id or legacy bcrypt); false for anything malformed. */
export async function verifyOperatorPassword(password: string, hash: string): Promise<boolean> {
  if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) return false
  try {
    return isLegacyPasswordHash(hash) ? await bcrypt.compare(password, hash) : await argon2Verify(hash, password)
  } catch {
    return false
  }
}
