// Speed and memory of the offline embedder (@threadline/local-embedder) on
// 1,000 messages of the recall-quality set, alone in its process (no database),
// in batches of 64 (the model's maxEmbeddingsPerCall, as AI SDK embedMany
// splits them); the lexical test embedder on the same texts is the same-run
// baseline (a hash, no model).
//
//   pnpm exec tsx bench/local-embedder.ts [--messages=1000]
import os from 'node:os'
import { lexicalEmbedder } from '@threadline/db/seed'
import { messageEmbeddingText } from '@threadline/engine'
import { universalSentenceEncoder } from '@threadline/local-embedder'
import { flagValue } from './lib/args.ts'
import { createReport } from './lib/report.ts'
import { buildEvalSet } from './recall-quality/dataset.ts'

const count = Number(flagValue('messages') ?? 1000)
const texts = buildEvalSet({ seed: 16 })
  .messages.slice(0, count)
  .map((message) => messageEmbeddingText(message))
const report = createReport('local-embedder', { messages: texts.length, meanChars: Math.round(texts.join('').length / texts.length) })
const mb = () => Math.round(process.memoryUsage().rss / 2 ** 20)

async function measure(id: string, embed: (values: string[]) => PromiseLike<unknown>): Promise<void> {
  const rssBefore = mb()
  let started = performance.now()
  await embed(['warm up: loads the model'])
  const loadMs = performance.now() - started
  const rssLoaded = mb()
  started = performance.now()
  for (let offset = 0; offset < texts.length; offset += 64) await embed(texts.slice(offset, offset + 64))
  const ms = performance.now() - started
  report.table('offline embedders', [
    {
      model: id,
      messages: texts.length,
      'load ms': Math.round(loadMs),
      's per 1,000 messages': Number((ms / texts.length).toFixed(2)),
      'messages/s': Math.round((texts.length / ms) * 1000),
      'RSS before MB': rssBefore,
      'RSS loaded MB': rssLoaded,
      'RSS after MB': mb(),
      'load average': Number(os.loadavg()[0]?.toFixed(1)),
    },
  ])
}

const lexical = lexicalEmbedder()
await measure(`${lexical.id} (baseline)`, (values) => lexical.embed(values))
const model = universalSentenceEncoder()
await measure(`${model.provider}/${model.modelId}`, (values) => model.doEmbed({ values }))
report.save()
