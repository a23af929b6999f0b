import { describe, expect, it } from 'vitest'
import { demoSeedWanted } from './demo-seed-wanted.ts'

describe('demoSeedWanted', () => {
  it('seeds the embedded database; PostgreSQL only with --demo or THREADLINE_DEMO_DATA=on', () => {
    expect(demoSeedWanted('pglite', { flag: false, env: undefined })).toBe(true)
    expect(demoSeedWanted('postgres', { flag: false, env: undefined })).toBe(false)
    expect(demoSeedWanted('postgres', { flag: false, env: 'off' })).toBe(false)
    expect(demoSeedWanted('postgres', { flag: true, env: undefined })).toBe(true)
    expect(demoSeedWanted('postgres', { flag: false, env: ' ON ' })).toBe(true)
  })
})
