import { describe, expect, it } from 'vitest'
import { parseTokenCreateArgs, TokenCreateArgsError } from './token-create-args.ts'

const now = new Date('2026-12-05T00:00:00Z')

describe('pnpm token:create arguments', () => {
  it('takes resources (or "*"), scopes, a name and an expiry', () => {
    expect(parseTokenCreateArgs(['--resource', 'acme', '--resource', 'globex', '--scope', 'write', '--name', 'backend', '--expires', '30d'], now)).toEqual({
      allResources: false,
      resourceIds: ['acme', 'globex'],
      canWrite: true,
      canRunRules: false,
      name: 'backend',
      expiresAt: new Date('2027-01-04T00:00:00Z'),
    })
    expect(parseTokenCreateArgs(['--resource', '*', '--scope', 'read', '--scope', 'playground'], now)).toEqual({
      allResources: true,
      resourceIds: [],
      canWrite: false,
      canRunRules: true,
      name: 'token:create 2026-12-05',
      expiresAt: null,
    })
  })

  it('refuses a missing resource or scope, an unknown scope or flag, and a past expiry', () => {
    for (const argv of [
      ['--scope', 'read'],
      ['--resource', 'acme'],
      ['--resource', 'acme', '--scope', 'admin'],
      ['--resource', 'acme', '--scope', 'read', '--owner', 'x'],
      ['--resource', 'acme', '--scope', 'read', '--expires', '2020-01-01'],
    ]) {
      expect(() => parseTokenCreateArgs(argv, now), argv.join(' ')).toThrow(TokenCreateArgsError)
    }
  })
})
