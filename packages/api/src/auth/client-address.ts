// The client's address, for sign-in delays and the audit trail. The socket's
// peer address is the only one a client cannot choose: the server in front of
// the handlers (Next's, through instrumentation; the tests' node:http) stamps
// it on every request under a header whose name holds a per-process secret,
// overwriting whatever came in, so a client can neither forge nor guess it.
// X-Forwarded-For is read only when proxies are trusted (`trustedProxyHops` >
// 0): each appends the address it saw, so the hops-th entry from the right is
// the one the outermost trusted proxy wrote; anything left of it may be forged.
// Whatever the header says is still kept as the claimed address (`forwardedFor`),
// for the audit trail only.
import { randomBytes } from 'node:crypto'
import { Server, type IncomingMessage } from 'node:http'

export type ClientAddresses = {
  /** the address limits are keyed by and the audit trail trusts: the socket peer, or the trusted proxies' client */
  address: string
  /** X-Forwarded-For as it came in (claimed, never trusted by itself); null without one */
  forwardedFor: string | null
}

const SECRET_KEY = Symbol.for('threadline.peerAddressHeader')
const EVERY_SERVER_KEY = Symbol.for('threadline.peerAddressOnEveryServer')

/**
 * The name the peer address is stamped under. One per process, shared through
 * globalThis: Next bundles the instrumentation hook and the route handlers
 * separately, each with its own copy of this module.
 */
export function peerAddressHeader(): string {
  const holder = globalThis as Partial<Record<symbol, string>>
  const name = holder[SECRET_KEY] ?? `x-threadline-peer-${randomBytes(12).toString('hex')}`
  holder[SECRET_KEY] = name
  return name
}

/** Sets the request's peer-address stamp from its socket, overwriting any value the client sent. */
export function stampPeerAddress(incoming: IncomingMessage): void {
  incoming.headers[peerAddressHeader()] = incoming.socket.remoteAddress ?? 'unknown'
}

/**
 * For a server this code does not create (Next's `next start`, from
 * apps/web/instrumentation.ts): every request of every node:http server of the
 * process is stamped before its listener sees it, servers already listening
 * included (the patched `emit` is their prototype's). A request that arrived
 * before this ran carries no stamp and counts as 'unknown', never as a forged one.
 */
export function stampPeerAddressOnEveryServer(): void {
  const holder = globalThis as Partial<Record<symbol, true>>
  if (holder[EVERY_SERVER_KEY]) return
  holder[EVERY_SERVER_KEY] = true
  const emit = Reflect.get(Server.prototype, 'emit') as (this: Server, event: string | symbol, ...args: unknown[]) => boolean
  Server.prototype.emit = function (this: Server, event: string | symbol, ...args: unknown[]): boolean {
    if (event === 'request') stampPeerAddress(args[0] as IncomingMessage)
    return emit.call(this, event, ...args)
  }
}

export function clientAddressesOf(headers: Headers, trustedProxyHops: number): ClientAddresses {
  const peer = headers.get(peerAddressHeader()) ?? 'unknown'
  const forwardedFor = headers.get('x-forwarded-for')
  if (trustedProxyHops === 0 || forwardedFor === null) return { address: peer, forwardedFor }
  const entries = forwardedFor
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
  // fewer entries than hops: the leftmost, which a trusted proxy wrote
  return { address: entries[Math.max(0, entries.length - trustedProxyHops)] ?? peer, forwardedFor }
}
