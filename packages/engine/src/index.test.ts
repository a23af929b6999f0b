import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// QuickJS is an optional dependency: only '@threadline/engine/sandbox' may load
// it. A fresh Node process imports an entry point with a resolve hook that
// reports every module it loads, so a transitive import anywhere in the graph
// (not only in index.ts) is seen.

const engineDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

const hooks = `
let port
export async function initialize(data) { port = data.port }
export async function resolve(specifier, context, nextResolve) {
  const result = await nextResolve(specifier, context)
  port.postMessage(result.url)
  return result
}`

const probe = `
import { register } from 'node:module'
import { MessageChannel, receiveMessageOnPort } from 'node:worker_threads'
const { port1, port2 } = new MessageChannel()
register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(hooks)}), { data: { port: port2 }, transferList: [port2] })
await import(process.argv[1])
const urls = []
for (let message; (message = receiveMessageOnPort(port1)); ) urls.push(message.message)
port1.close()
console.log(JSON.stringify(urls))`

/** Every module URL Node resolves while importing `entry` (a package specifier, from the engine's folder). */
function modulesLoadedBy(entry: string): string[] {
  const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', probe, entry], {
    cwd: engineDir,
    encoding: 'utf8',
  })
  return JSON.parse(output) as string[]
}

describe('the core entry point', () => {
  it('loads no QuickJS module, directly or transitively', () => {
    const loaded = modulesLoadedBy('@threadline/engine')
    expect(loaded.some((url) => url.endsWith('/engine/src/memory/memory.ts'))).toBe(true)
    expect(loaded.filter((url) => /quickjs/i.test(url))).toEqual([])
  })

  it('while the sandbox subpath does (the probe sees QuickJS when it is imported)', () => {
    const loaded = modulesLoadedBy('@threadline/engine/sandbox')
    expect(loaded.some((url) => url.includes('quickjs-emscripten'))).toBe(true)
  })
})
