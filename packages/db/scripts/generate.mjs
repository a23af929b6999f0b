// Generates the Prisma client offline: the CLI would otherwise try to download
// its Rust schema engine, which `generate` does not need.
import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import path from 'node:path'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
execFileSync('pnpm', ['exec', 'prisma', 'generate', '--schema', path.join(root, 'prisma/schema.prisma')], {
  cwd: path.dirname(fileURLToPath(import.meta.url)),
  stdio: 'inherit',
  env: { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: '/bin/true', PRISMA_HIDE_UPDATE_MESSAGE: '1', CHECKPOINT_DISABLE: '1' },
})
