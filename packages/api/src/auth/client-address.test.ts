import { createServer, request, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import { clientAddressesOf, peerAddressHeader, stampPeerAddress, stampPeerAddressOnEveryServer } from './client-address.ts'

/** The headers of a request as the server in front stamped them: the socket's address, and what the client claimed. */
function stamped(peer: string, forwardedFor?: string): Headers {
  const headers = new Headers({ [peerAddressHeader()]: peer })
  if (forwardedFor !== undefined) headers.set('x-forwarded-for', forwardedFor)
  return headers
}

describe('clientAddressesOf', () => {
  it('with no trusted proxy (hops 0) the address is the socket peer, whatever X-Forwarded-For claims', () => {
    expect(clientAddressesOf(stamped('198.51.100.7', '192.0.2.1'), 0)).toEqual({ address: '198.51.100.7', forwardedFor: '192.0.2.1' })
    expect(clientAddressesOf(stamped('198.51.100.7', '6.6.6.6, 127.0.0.1'), 0)).toEqual({ address: '198.51.100.7', forwardedFor: '6.6.6.6, 127.0.0.1' })
    expect(clientAddressesOf(stamped('198.51.100.7'), 0)).toEqual({ address: '198.51.100.7', forwardedFor: null })
  })

  it('with hops configured it takes the entry the outermost trusted proxy appended (the hops-th from the right), not what the client wrote in front', () => {
    expect(clientAddressesOf(stamped('10.0.0.2', '6.6.6.6, 203.0.113.9'), 1).address).toBe('203.0.113.9')
    expect(clientAddressesOf(stamped('10.0.0.3', '6.6.6.6, 203.0.113.9, 10.0.0.2'), 2).address).toBe('203.0.113.9')
    // fewer entries than trusted hops: the leftmost, which a trusted proxy wrote; none at all: the socket peer
    expect(clientAddressesOf(stamped('10.0.0.2', '203.0.113.9'), 2).address).toBe('203.0.113.9')
    expect(clientAddressesOf(stamped('10.0.0.2'), 1).address).toBe('10.0.0.2')
  })

  it('does not trust a peer-address header the client wrote itself: only the one the server stamped', () => {
    const forged = new Headers({ 'x-threadline-peer-address': '192.0.2.1', 'x-forwarded-for': '192.0.2.1' })
    expect(clientAddressesOf(forged, 0)).toEqual({ address: 'unknown', forwardedFor: '192.0.2.1' })
    expect(peerAddressHeader()).not.toBe('x-threadline-peer-address')
  })
})

/** What a server sees of one request sent with a forged stamp and X-Forwarded-For: `onRequest` stamps it, or not. */
async function seenByServer(onRequest: (incoming: IncomingMessage) => void): Promise<Headers> {
  let seen: IncomingMessage | undefined
  const server = createServer((incoming, outgoing) => {
    onRequest(incoming)
    seen = incoming
    outgoing.end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve, reject) =>
    request(
      { port, host: '127.0.0.1', localAddress: '127.0.0.9', headers: { [peerAddressHeader()]: '192.0.2.1', 'x-forwarded-for': '192.0.2.1' } },
      (response) => {
        response.resume().on('end', resolve)
      },
    )
      .on('error', reject)
      .end(),
  )
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return new Headers(seen!.headers as Record<string, string>)
}

describe('stampPeerAddress', () => {
  it("overwrites whatever the client sent under the stamp's name with the socket's address", async () => {
    expect(clientAddressesOf(await seenByServer(stampPeerAddress), 0)).toEqual({ address: '127.0.0.9', forwardedFor: '192.0.2.1' })
  })

  it("stampPeerAddressOnEveryServer: a server that stamps nothing itself (Next's) sees the socket's address too", async () => {
    stampPeerAddressOnEveryServer()
    stampPeerAddressOnEveryServer()
    expect(clientAddressesOf(await seenByServer(() => {}), 0)).toEqual({ address: '127.0.0.9', forwardedFor: '192.0.2.1' })
  })
})
