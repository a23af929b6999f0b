import path from 'node:path'
import { InvalidInputError } from '@threadline/engine'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { defaultDatabaseUrl, parseDatabaseUrl, redactPassword, resolveDatabaseUrl } from './database-url.ts'
import { repoRoot } from './migrations/paths.ts'

describe('database URLs', () => {
  afterEach(() => {
    vi.unstubAllEnvs()
  })

  it('maps memory://, file: folders and PostgreSQL URLs', () => {
    expect(parseDatabaseUrl('memory://')).toEqual({ kind: 'pglite', dataDir: 'memory://' })
    expect(parseDatabaseUrl('file:./.data/x')).toEqual({ kind: 'pglite', dataDir: path.join(repoRoot, '.data/x') })
    expect(parseDatabaseUrl('file:/var/lib/threadline')).toEqual({ kind: 'pglite', dataDir: '/var/lib/threadline' })
    expect(parseDatabaseUrl('file:///var/lib/threadline')).toEqual({ kind: 'pglite', dataDir: '/var/lib/threadline' })
    expect(parseDatabaseUrl('postgres://u:p@h:5432/db')).toEqual({ kind: 'postgres', url: 'postgres://u:p@h:5432/db' })
    expect(parseDatabaseUrl('postgresql://h/db')).toEqual({ kind: 'postgres', url: 'postgresql://h/db' })
  })

  it('refuses other URLs without echoing a password', () => {
    const attempt = () => parseDatabaseUrl('mysql://admin:hunter2@db/app')
    expect(attempt).toThrow(InvalidInputError)
    expect(attempt).toThrow(/mysql:\/\/admin:\*\*\*@db\/app/)
    expect(attempt).not.toThrow(/hunter2/)
    expect(() => parseDatabaseUrl('file:')).toThrow(InvalidInputError)
    expect(redactPassword('postgres://u@h/db')).toBe('postgres://u@h/db')
  })

  it('defaults to DATABASE_URL, else the embedded database under the repo root', () => {
    vi.stubEnv('DATABASE_URL', '')
    expect(resolveDatabaseUrl()).toBe(defaultDatabaseUrl)
    expect(defaultDatabaseUrl).toBe(`file:${path.join(repoRoot, '.data/threadline')}`)
    vi.stubEnv('DATABASE_URL', 'postgres://h/db')
    expect(resolveDatabaseUrl()).toBe('postgres://h/db')
    expect(resolveDatabaseUrl('memory://')).toBe('memory://')
  })
})
