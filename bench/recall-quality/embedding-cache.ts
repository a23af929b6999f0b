// A model's vectors kept on disk between runs of `pnpm bench recall-quality`:
// the local encoder takes minutes for REALTALK's ~9,000 turns on a shared core,
// and its vectors do not change. RECALL_EMBEDDING_CACHE names a folder outside
// the repository (REALTALK's texts must not land in it); without it nothing is cached.
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { EmbeddingModelV3 } from '@ai-sdk/provider'
import { z } from 'zod'

/** text hash -> vector */
const cacheFileSchema = z.record(z.string(), z.array(z.number()))

function key(text: string): string {
  return createHash('sha256').update(text).digest('base64url')
}

/** `model` answering from `<dir>/<provider>-<modelId>.json` first; `save()` writes what was newly embedded. */
export function cachedEmbeddingModel(model: EmbeddingModelV3, dir: string): EmbeddingModelV3 & { save(): void } {
  const file = path.join(dir, `${model.provider}-${model.modelId}.json`)
  const stored = existsSync(file) ? cacheFileSchema.parse(JSON.parse(readFileSync(file, 'utf8'))) : {}
  const vectors = new Map<string, number[]>(Object.entries(stored))
  let added = 0
  return {
    ...model,
    async doEmbed(options) {
      const missing = [...new Set(options.values.filter((value) => !vectors.has(key(value))))]
      if (missing.length > 0) {
        const { embeddings } = await model.doEmbed({ ...options, values: missing })
        missing.forEach((value, index) => vectors.set(key(value), embeddings[index] ?? []))
        added += missing.length
      }
      return { embeddings: options.values.map((value) => vectors.get(key(value)) ?? []), warnings: [] }
    },
    save() {
      if (added === 0) return
      mkdirSync(dir, { recursive: true })
      writeFileSync(file, JSON.stringify(Object.fromEntries(vectors)))
      added = 0
    },
  }
}
