import { describe, expect, it } from 'vitest'
import { deepFreeze } from '../test-fixtures.ts'
import { alphanumericDigest } from './collision-free-renames.ts'
import { renamedToolPartField } from './rewrite-tool-parts.ts'
import { call, calls, result, results, toolIds, user } from './test-prompts.ts'
import { toolPairingIssue } from './tool-pairing.ts'

const nineAlphanumeric = (id: string) => /^[a-zA-Z0-9]{9}$/.test(id)
const digest = (id: string, attempt: number) => alphanumericDigest(attempt === 0 ? id : `${id}#${attempt}`, 9)
const turn = (id: string) => [calls(call(id)), results(result(id))]
const rename = (prompt: Parameters<typeof renamedToolPartField>[0]) => renamedToolPartField(prompt, 'toolCallId', nineAlphanumeric, digest)

describe('renamedToolPartField', () => {
  it('renames in one pass: call and result alike, valid IDs and untouched messages kept as the same objects', () => {
    const prompt = deepFreeze([user('q'), ...turn('call.1'), ...turn('aB3dE6gH9'), ...turn('call.2')])
    const next = rename(prompt)
    expect(toolIds(next)).toEqual([digest('call.1', 0), digest('call.1', 0), 'aB3dE6gH9', 'aB3dE6gH9', digest('call.2', 0), digest('call.2', 0)])
    expect(next[0]).toBe(prompt[0])
    expect(next[3]).toBe(prompt[3])
    expect(toolPairingIssue(next)).toBeUndefined()
  })

  it('stays collision-free when a valid ID LATER in the prompt equals the new name the one pass gave an earlier ID (the fallback)', () => {
    const taken = digest('call.1', 0)
    const prompt = deepFreeze([...turn('call.1'), ...turn(taken)])
    const ids = toolIds(rename(prompt))
    expect(ids.slice(2)).toEqual([taken, taken])
    expect(ids.slice(0, 2)).toEqual([digest('call.1', 1), digest('call.1', 1)])
    expect(toolPairingIssue(rename(prompt))).toBeUndefined()
  })

  it('is deterministic: the same prompt gives equal prompts on two calls, the fallback too', () => {
    const prompt = deepFreeze([...turn('call.1'), ...turn(digest('call.1', 0)), ...turn('call.2')])
    expect(rename(prompt)).toEqual(rename(prompt))
  })

  it('returns the prompt itself when every value is valid', () => {
    const prompt = deepFreeze([...turn('aB3dE6gH9')])
    expect(rename(prompt)).toBe(prompt)
  })
})
