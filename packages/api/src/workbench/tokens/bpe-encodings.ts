// The BPE encodings, each loaded once per thread on first use (the rank tables
// are megabytes and take seconds to parse). Loaded on the sandbox workers only:
// the server's own thread never parses them.
import type { Encoding } from '../model-catalog.ts'
import { linearBpe, type LinearBpe } from './linear-bpe.ts'

const loaded = new Map<Encoding, Promise<LinearBpe>>()

async function ranksOf(encoding: Encoding) {
  return encoding === 'o200k_base' ? (await import('js-tiktoken/ranks/o200k_base')).default : (await import('js-tiktoken/ranks/cl100k_base')).default
}

export function loadBpe(encoding: Encoding): Promise<LinearBpe> {
  let bpe = loaded.get(encoding)
  if (!bpe) {
    bpe = ranksOf(encoding).then((ranks) => linearBpe(encoding, ranks))
    loaded.set(encoding, bpe)
  }
  return bpe
}
