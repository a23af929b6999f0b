// `pnpm token:create`: the first API token without an operator session, run
// on the server host against the server's database (DATABASE_URL, else the
// embedded folder, which the running server holds: stop it first, or use
// THREADLINE_BOOTSTRAP_TOKEN). Prints the token once, on stdout alone.
import { openDatabase } from '@threadline/db'
import { issueHeadlessToken } from '../src/auth/headless-tokens.ts'
import { parseTokenCreateArgs, TOKEN_CREATE_USAGE, TokenCreateArgsError } from '../src/auth/token-create-args.ts'

function fail(message: string, code: number): never {
  console.error(message)
  process.exit(code)
}

let request
try {
  request = parseTokenCreateArgs(process.argv.slice(2))
} catch (error) {
  if (!(error instanceof TokenCreateArgsError)) throw error
  fail(`${error.message}\n${TOKEN_CREATE_USAGE}`, 2)
}
const database = await openDatabase(process.env.DATABASE_URL || undefined, { migrate: false }).catch((error: unknown) =>
  fail(error instanceof Error ? error.message : String(error), 1),
)
try {
  const { token, summary } = await issueHeadlessToken(database.prisma, request)
  const scope = summary.allResources ? 'every resource' : summary.resourceIds.join(', ')
  const access = [summary.canWrite ? 'read and write' : 'read only', ...(summary.canRunRules ? ['playground'] : [])].join(', ')
  console.error(`Token "${summary.name}" (${summary.prefix}…) on ${scope}, ${access}${summary.expiresAt ? `, until ${summary.expiresAt.toISOString()}` : ''}.`)
  console.error('It is shown once; revoke it on the tokens page. Send it as "Authorization: Bearer <token>".')
  console.log(token)
} finally {
  await database.close()
}
