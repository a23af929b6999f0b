import { describe, expect, it } from 'vitest'
import { clientAddressOf } from './client-address.ts'

const forwarded = (value: string) => new Headers({ 'x-forwarded-for': value })

describe('clientAddressOf', () => {
  it('takes the entry the outermost trusted proxy appended, not what the client wrote in front of it', () => {
    expect(clientAddressOf(forwarded('6.6.6.6, 203.0.113.9'), 1)).toBe('203.0.113.9')
    expect(clientAddressOf(forwarded('6.6.6.6, 203.0.113.9, 10.0.0.2'), 2)).toBe('203.0.113.9')
    // with no proxy, the entry Next filled in from the socket
    expect(clientAddressOf(forwarded('127.0.0.1'), 0)).toBe('127.0.0.1')
  })

  it('falls back to the leftmost entry when fewer proxies appended than trusted, and to "unknown" without the header', () => {
    expect(clientAddressOf(forwarded('203.0.113.9'), 2)).toBe('203.0.113.9')
    expect(clientAddressOf(new Headers(), 1)).toBe('unknown')
  })
})
