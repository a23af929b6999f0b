import { describe, expect, it } from 'vitest'
import { draftOf, parseHeaders, toProviderErrorInput } from './error-shape.ts'
import { presetById } from './provider-error-presets.ts'

describe('error shapes', () => {
  it('round-trips a preset through the editor fields', () => {
    const preset = presetById('anthropicRateLimited')!
    const draft = draftOf(preset.shape)
    expect(draft.headers).toContain('retry-after: 1')
    expect(toProviderErrorInput(draft)).toEqual({
      error: { ...preset.shape, body: JSON.stringify(JSON.parse((preset.shape as { body: string }).body), null, 2) },
      problems: {},
    })
  })

  it('parses pasted headers case-insensitively and skips blank lines', () => {
    expect(parseHeaders('Retry-After: 5\n\nX-Should-Retry:  false ')).toEqual({ headers: { 'retry-after': '5', 'x-should-retry': 'false' } })
    expect(parseHeaders('retry-after 5').problem).toBe('Line 1 is not “Name: value”')
  })

  it('names the bad field: a status out of range, a chunk that is not JSON', () => {
    expect(toProviderErrorInput({ kind: 'http', status: '42', headers: '', body: '', chunk: '', code: '', message: '' }).problems).toEqual({
      status: 'A status is a whole number from 100 to 599',
    })
    expect(toProviderErrorInput({ kind: 'stream-chunk', status: '', headers: '', body: '', chunk: '{', code: '', message: '' }).problems.chunk).toMatch(
      /not valid JSON/,
    )
  })

  it('keeps a stream chunk as parsed JSON', () => {
    const draft = draftOf(presetById('openaiResponsesStreamServerError')!.shape)
    expect(toProviderErrorInput(draft).error).toMatchObject({ kind: 'stream-chunk', chunk: { type: 'error', error: { code: 'server_error' } } })
  })

  it('takes a dropped connection as its Node code and message (the ECONNRESET preset), both required', () => {
    const draft = draftOf(presetById('socketHangUp')!.shape)
    expect(toProviderErrorInput(draft)).toEqual({ error: { kind: 'connection', code: 'ECONNRESET', message: 'socket hang up' }, problems: {} })
    expect(toProviderErrorInput({ ...draft, code: ' ' }).problems).toEqual({ code: 'A connection error has a code, e.g. ECONNRESET' })
  })
})
