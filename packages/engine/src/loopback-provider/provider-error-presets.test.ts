import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import * as presets from './provider-error-presets.ts'
import {
  anthropicRateLimited,
  connectionReset,
  openaiStreamRateLimit,
  providerErrorPresets,
  providerErrorShape,
  socketHangUp,
} from './provider-error-presets.ts'

describe('providerErrorPresets', () => {
  it('lists every preset reply once, under its export name', () => {
    const replies = Object.entries(presets).filter(([, value]) => typeof value === 'object' && 'kind' in value)
    expect(providerErrorPresets.map((preset) => preset.name).sort()).toEqual(replies.map(([name]) => name).sort())
    for (const preset of providerErrorPresets) expect(preset.reply).toBe(presets[preset.name as keyof typeof presets])
  })

  it('is pure data: no node: import, so a client bundle can import it', () => {
    const source = readFileSync(new URL('./provider-error-presets.ts', import.meta.url), 'utf8')
    expect(source.match(/^import .*$/gm)).toEqual(["import type { FakeDropReply, FakeHttpErrorReply, FakeStreamErrorReply } from './fake-replies.ts'"])
  })
})

describe('providerErrorShape', () => {
  it('gives an HTTP error as the client receives it: status, headers, the body as JSON text', () => {
    expect(providerErrorShape(anthropicRateLimited)).toEqual({
      kind: 'http',
      status: 429,
      headers: { 'content-type': 'application/json', 'retry-after': '1', 'x-should-retry': 'true' },
      body: JSON.stringify(anthropicRateLimited.body),
    })
    expect(providerErrorShape({ kind: 'http-error', status: 502, body: 'Bad Gateway' })).toEqual({
      kind: 'http',
      status: 502,
      headers: { 'content-type': 'text/plain' },
      body: 'Bad Gateway',
    })
  })

  it('gives a stream error as its chunk, and a dropped connection as the Node error the transport throws', () => {
    expect(providerErrorShape(openaiStreamRateLimit)).toEqual({ kind: 'stream-chunk', chunk: openaiStreamRateLimit.chunk })
    expect(providerErrorShape(connectionReset)).toEqual({ kind: 'connection', code: 'ECONNRESET', message: 'read ECONNRESET' })
    expect(providerErrorShape(socketHangUp)).toEqual({ kind: 'connection', code: 'ECONNRESET', message: 'socket hang up' })
  })
})
