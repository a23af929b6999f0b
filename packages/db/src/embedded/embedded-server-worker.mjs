// The embedded database's own thread (plain JavaScript: Node starts it without
// a bundler). It opens the PGlite data folder and serves it over the
// PostgreSQL wire protocol on a Unix socket in a private folder, so the server
// thread talks to it like to any PostgreSQL and a long statement runs here,
// never on the thread that answers requests.
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite } from '@electric-sql/pglite'
import { vector } from '@electric-sql/pglite-pgvector'
import { PGLiteSocketServer } from '@electric-sql/pglite-socket'

/** @type {{ dataDir: string, socketPath: string }} */
const { dataDir, socketPath } = workerData

try {
  const db = new PGlite(dataDir, { extensions: { vector } })
  await db.waitReady
  // The app's pool keeps ONE client (PGlite is one session, and the socket
  // server's multiplexer can interleave two clients' extended-protocol messages
  // outside a transaction). A few connections are still allowed: node-postgres
  // drops a client after an error and connects anew before the old socket closes.
  const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: 4 })
  await server.start()
  parentPort.on('message', async (message) => {
    if (message !== 'stop') return
    await server.stop()
    await db.close()
    parentPort.postMessage({ stopped: true })
  })
  parentPort.postMessage({ ready: true })
} catch (error) {
  parentPort.postMessage({ error: error instanceof Error ? error.message : String(error) })
}
