// Every pointer from the docs and the code comments to a file of the
// repository names a file that exists: markdown links and path-like code spans
// in the markdown pages, and the markdown files (or paths under a top-level
// folder) named in the comments of the TypeScript sources.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const skippedFolders = new Set(['node_modules', '.next', '.git', '.data', 'dist', 'generated', 'test-results', 'playwright-report', 'results'])
const topLevelFolders = ['packages', 'apps', 'bench', 'e2e', 'scripts', 'docs', 'prisma', 'deploy']
const fileExtensions = ['ts', 'tsx', 'mjs', 'js', 'json', 'md', 'yaml', 'yml', 'sh', 'prisma', 'sql', 'toml']

function filesUnder(folder: string, keep: (name: string) => boolean): string[] {
  if (!existsSync(folder)) return []
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name)
    if (entry.isDirectory()) return skippedFolders.has(entry.name) ? [] : filesUnder(full, keep)
    return keep(entry.name) ? [full] : []
  })
}

/** A path that resolves from the file's own folder or from the repository root. */
function exists(target: string, fromFile: string): boolean {
  return existsSync(path.resolve(path.dirname(fromFile), target)) || existsSync(path.resolve(repoRoot, target))
}

/** A markdown link resolves from its page's folder, as a renderer reads it. */
function linkExists(target: string, fromFile: string): boolean {
  return existsSync(path.resolve(path.dirname(fromFile), target))
}

/** Markdown links (not web or mail addresses, not anchors), without their anchor. */
function markdownLinks(markdown: string): string[] {
  return [...markdown.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => (match[1] ?? '').split('#')[0] ?? '')
    .filter((target) => target !== '' && !/^[a-z]+:/i.test(target))
}

/** Code spans that are paths: a folder in them, and a file extension or a trailing slash. */
function markdownPaths(markdown: string): string[] {
  const pathLike = new RegExp(`^[\\w.@\\[\\]-]+(/[\\w.@\\[\\]-]+)*(\\.(${fileExtensions.join('|')})|/)$`)
  return [...markdown.matchAll(/`([^`\n]+)`/g)].map((match) => match[1] ?? '').filter((span) => span.slice(0, -1).includes('/') && pathLike.test(span))
}

/** The text of every comment of a TypeScript source. */
function commentsOf(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
  const seen = new Map<number, string>()
  const visit = (node: ts.Node): void => {
    for (const range of [...(ts.getLeadingCommentRanges(source, node.pos) ?? []), ...(ts.getTrailingCommentRanges(source, node.end) ?? [])]) {
      seen.set(range.pos, source.slice(range.pos, range.end))
    }
    for (const child of node.getChildren(file)) visit(child)
  }
  visit(file)
  return [...seen.values()]
}

/** `.md` files named in a comment, and paths under a top-level folder of the repository. */
function commentTargets(comment: string): string[] {
  const words = comment.match(/[\w./@[\]-]+/g) ?? []
  const underTopLevel = new RegExp(`^(${topLevelFolders.join('|')})/[\\w./@\\[\\]-]+\\.(${fileExtensions.join('|')})$`)
  return words.map((word) => word.replace(/[.]+$/, '')).filter((word) => /[\w-]\.md$/.test(word) || underTopLevel.test(word))
}

const markdownFiles = [
  ...['README.md', 'BENCHMARKS.md'].map((name) => path.join(repoRoot, name)),
  ...filesUnder(path.join(repoRoot, 'docs'), (name) => name.endsWith('.md')),
  ...['packages', 'apps'].flatMap((folder) => filesUnder(path.join(repoRoot, folder), (name) => name.endsWith('.md'))),
]
const sourceFiles = ['packages', 'apps', 'bench', 'e2e', 'scripts'].flatMap((folder) =>
  filesUnder(path.join(repoRoot, folder), (name) => /\.tsx?$/.test(name) && !name.endsWith('.d.ts')),
)

describe('the pointers in docs and comments', () => {
  it('finds the files it reads', () => {
    expect(markdownFiles.length).toBeGreaterThan(10)
    expect(sourceFiles.length).toBeGreaterThan(100)
  })

  it('markdown links and path-like code spans name files of the repository', () => {
    const missing = markdownFiles.flatMap((file) => {
      const markdown = readFileSync(file, 'utf8')
      return [
        ...markdownLinks(markdown).filter((target) => !linkExists(target, file)),
        ...markdownPaths(markdown).filter((target) => !exists(target, file)),
      ].map((target) => `${path.relative(repoRoot, file)}: ${target}`)
    })
    expect(missing).toEqual([])
  })

  it('code comments name files of the repository', () => {
    const missing = sourceFiles.flatMap((file) =>
      commentsOf(file, readFileSync(file, 'utf8'))
        .flatMap(commentTargets)
        .filter((target) => !exists(target, file))
        .map((target) => `${path.relative(repoRoot, file)}: ${target}`),
    )
    expect([...new Set(missing)]).toEqual([])
  })
})

describe('what counts as a pointer', () => {
  it('reads links and path-like code spans, not web addresses, anchors or package names', () => {
    const markdown =
      '[a](docs/x.md#part) [b](https://example.com/y.md) [c](#here) `packages/gone.ts` `@threadline/engine` `prisma/migrations/` `migrations/` `a b/c.md`'
    expect(markdownLinks(markdown)).toEqual(['docs/x.md'])
    expect(markdownPaths(markdown)).toEqual(['packages/gone.ts', 'prisma/migrations/'])
  })

  it('reads the comments of a source, not its strings', () => {
    const source = "// see spec/gone.md\nconst text = 'not/a-comment.md' /* docs/api.md. */\nfunction f() {\n  // trailing: packages/x/y.ts\n}\n"
    expect(commentsOf('x.ts', source).flatMap(commentTargets)).toEqual(['spec/gone.md', 'docs/api.md', 'packages/x/y.ts'])
  })

  it('fails on a missing file and passes on an existing one', () => {
    const fromFile = path.join(repoRoot, 'docs', 'api.md')
    expect(exists('docs/spec/gone.md', fromFile)).toBe(false)
    expect(exists('docs/spec/README.md', fromFile)).toBe(true)
    expect(linkExists('spec/README.md', fromFile)).toBe(true)
    expect(linkExists('docs/spec/README.md', fromFile)).toBe(false)
  })
})
