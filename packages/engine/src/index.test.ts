import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
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

// Every name an entry point exports is listed in the README with a line of its
// own (`- \`Name\`: ...`), under the entry point's heading, and nothing else is.

const entryPoints = [
  { heading: '## `@threadline/engine`', file: 'src/index.ts' },
  { heading: '## `@threadline/engine/storage`', file: 'src/storage/index.ts' },
  { heading: '## `@threadline/engine/sandbox`', file: 'src/rules-sandbox/index.ts' },
  { heading: '## `@threadline/engine/loopback-provider`', file: 'src/loopback-provider/index.ts' },
  { heading: '## `@threadline/engine/provider-error-presets`', file: 'src/loopback-provider/provider-error-presets.ts' },
  { heading: '## `@threadline/engine/testing`', file: 'src/testing/index.ts' },
  { heading: '`@threadline/engine/testing/vitest`:', file: 'src/testing/use-fake-provider.ts' },
  { heading: '`@threadline/engine/testing/memory-storage-contract`:', file: 'src/testing/memory-storage-contract.ts' },
] as const

/** '/testing' re-exports these entry points: their names count as listed under its heading too. */
const reexportedBy: Partial<Record<(typeof entryPoints)[number]['heading'], string[]>> = {
  '## `@threadline/engine/testing`': ['## `@threadline/engine/loopback-provider`', '## `@threadline/engine/provider-error-presets`'],
}

/** The names (values and types) each entry file exports, from one TypeScript program. */
function exportedNames(files: readonly string[]): Map<string, string[]> {
  const roots = files.map((file) => path.join(engineDir, file))
  const program = ts.createProgram(roots, {
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    target: ts.ScriptTarget.ES2022,
    allowImportingTsExtensions: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
  })
  const checker = program.getTypeChecker()
  return new Map(
    files.map((file, index) => {
      const source = program.getSourceFile(roots[index] ?? '')
      const module = source && checker.getSymbolAtLocation(source)
      if (module === undefined) throw new Error(`${file} is not a module`)
      return [file, checker.getExportsOfModule(module).map((symbol) => symbol.name)]
    }),
  )
}

/** The names listed under each heading of the README, up to the next heading of the list. */
function listedNames(readme: string): Map<string, string[]> {
  const lines = readme.split('\n')
  return new Map(
    entryPoints.map(({ heading }) => {
      const start = lines.findIndex((line) => line.startsWith(heading))
      const names: string[] = []
      for (const line of lines.slice(start + 1)) {
        if (entryPoints.some((entry) => line.startsWith(entry.heading))) break
        const name = /^- `([A-Za-z_$][\w$]*)`:/.exec(line)?.[1]
        if (name !== undefined) names.push(name)
      }
      return [heading, start < 0 ? [] : names]
    }),
  )
}

describe('the README', () => {
  it('lists every exported name of each entry point once, and no other', () => {
    const exported = exportedNames(entryPoints.map((entry) => entry.file))
    const listed = listedNames(readFileSync(path.join(engineDir, 'README.md'), 'utf8'))
    for (const { heading, file } of entryPoints) {
      const names = listed.get(heading) ?? []
      const inherited = (reexportedBy[heading] ?? []).flatMap((other) => listed.get(other) ?? [])
      expect({ heading, duplicates: names.filter((name, index) => names.indexOf(name) !== index) }).toEqual({ heading, duplicates: [] })
      expect({ heading, names: [...names].sort() }).toEqual({
        heading,
        names: [...(exported.get(file) ?? [])].filter((name) => !inherited.includes(name)).sort(),
      })
    }
  }, 60_000)
})

// The public names of the reference framework's three capabilities
// (docs/spec/provider-history-compat.md, docs/spec/stream-error-retry.md,
// docs/spec/clone-thread.md and their seeds), and the ready-made matcher the
// stream-error-retry README documents:
// code written against the reference imports them from the package root.

const specValues = ['Agent', 'Memory', 'ProviderHistoryCompat', 'StreamErrorRetryProcessor', 'isRetryableOpenAIResponsesStreamError', 'isBadRequestError']

const specTypes = [
  'CompatRule',
  'LanguageModelV2Prompt',
  'MastraDBMessage',
  'Processor',
  'ProcessAPIErrorArgs',
  'ProcessAPIErrorResult',
  'ProcessLLMRequestArgs',
  'ProcessLLMRequestResult',
  'StreamErrorRetryMatcher',
  'StreamErrorRetryProcessorOptions',
  'StorageThreadType',
  'CloneOptions',
  'MessageFilter',
]

describe("the reference framework's names", () => {
  it('are values of the root entry, as a program importing it sees them', async () => {
    const root: Record<string, unknown> = await import('@threadline/engine')
    expect(specValues.filter((name) => typeof root[name] !== 'function')).toEqual([])
  })

  it('are types of the root entry', () => {
    const exported = exportedNames(['src/index.ts']).get('src/index.ts') ?? []
    expect(specTypes.filter((name) => !exported.includes(name))).toEqual([])
  }, 60_000)
})
