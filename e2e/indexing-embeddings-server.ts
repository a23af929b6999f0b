// Playwright global setup of playwright.indexing.config.ts: a loopback server
// answering like OpenAI's /embeddings, a little slowly (so a job's progress and
// its cancel can be seen), on the port the server's OPENAI_BASE_URL names.
import { createServer } from 'node:http'

export const embeddingsPort = (e2ePort: number) => e2ePort + 1000

export default async function startEmbeddingsServer(): Promise<() => Promise<void>> {
  const port = embeddingsPort(Number(process.env.E2E_PORT || 3100))
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      const { input, model } = JSON.parse(body) as { input: string[]; model: string }
      // a vector of the text's letter counts: related texts are near each other
      const data = input.map((text, index) => ({
        object: 'embedding',
        index,
        embedding: Array.from({ length: 26 }, (_, i) => text.toLowerCase().split(String.fromCharCode(97 + i)).length - 1),
      }))
      setTimeout(() => {
        res.setHeader('content-type', 'application/json')
        res.end(JSON.stringify({ object: 'list', data, model, usage: { prompt_tokens: input.length, total_tokens: input.length } }))
      }, 1500)
    })
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return () => new Promise<void>((resolve) => server.close(() => resolve()))
}
