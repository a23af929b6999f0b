// Summarises a V8 .cpuprofile (e.g. from `bench/api.ts --profile`): self time
// by function and by package, the top entries, so a hot path shows at a glance.
//
//   pnpm exec tsx bench/profile-summary.ts <file.cpuprofile> [--top=25]
import { readFileSync } from 'node:fs'
import { flagValue } from './lib/args.ts'
import { itemAt } from './lib/item-at.ts'
import { formatTable, type Row } from './lib/report.ts'

type ProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number }
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number }

/** The package a script belongs to: the last node_modules/<name> of its path, else the workspace folder. */
export function packageOf(url: string): string {
  if (url === '') return '(native / V8)'
  const modules = url.split('node_modules/')
  if (modules.length > 1) {
    const [scope = '', name] = itemAt(modules, modules.length - 1).split('/')
    return scope.startsWith('@') ? `${scope}/${name}` : scope
  }
  if (url.includes('/.next/')) return '(app bundle .next)'
  return url.startsWith('node:')
    ? 'node:internal'
    : url
        .replace(/^file:\/\//, '')
        .split('/')
        .slice(-3)
        .join('/')
}

export function summarizeProfile(profile: Profile, top: number): { byFunction: Row[]; byPackage: Row[]; totalMs: number } {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const selfMs = new Map<number, number>()
  profile.samples.forEach((id, index) => selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000))
  const totalMs = [...selfMs.values()].reduce((sum, ms) => sum + ms, 0)
  const functions = new Map<string, number>()
  const packages = new Map<string, number>()
  for (const [id, ms] of selfMs) {
    const node = byId.get(id)
    // every sample names a node of the profile
    if (node === undefined) continue
    const { functionName, url, lineNumber } = node.callFrame
    const key = `${functionName || '(anonymous)'}  ${packageOf(url)}:${lineNumber + 1}`
    functions.set(key, (functions.get(key) ?? 0) + ms)
    packages.set(packageOf(url), (packages.get(packageOf(url)) ?? 0) + ms)
  }
  const rows = (map: Map<string, number>, label: string) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, ms]): Row => ({ [label]: name, 'self ms': ms, '%': (ms / totalMs) * 100 }))
  return { byFunction: rows(functions, 'function'), byPackage: rows(packages, 'package'), totalMs }
}

const file = process.argv.slice(2).find((arg) => !arg.startsWith('--'))
if (file) {
  const top = Number(flagValue('top') ?? 25)
  const summary = summarizeProfile(JSON.parse(readFileSync(file, 'utf8')) as Profile, top)
  console.log(
    `${file}: ${summary.totalMs.toFixed(0)} ms sampled\n\n## by package\n${formatTable(summary.byPackage)}\n\n## by function\n${formatTable(summary.byFunction)}`,
  )
}
