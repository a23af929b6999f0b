// The one way the UI names a model (issue 31: the composer, the timeline, the
// calls and the compare columns each spelled it differently): the
// `provider/modelId` id as the calls filter takes it, except the demo
// provider and an OpenAI-compatible server, which the id does not explain.

const DEMO_PROVIDER = 'demo'
const COMPATIBLE_PROVIDER = 'openai-compatible'

/** "openai/gpt-4o", "Demo: scripted replies", "llama3 (OpenAI-compatible server)" for a `provider/modelId` id (or a reply's `openai.chat/gpt-4o`). */
export function formatModelLabel(model: string): string {
  const slash = model.indexOf('/')
  if (slash < 0) return model
  // a reply's metadata records the AI SDK's provider id, with its API after a dot ("openai.chat", "demo.chat")
  const provider = model.slice(0, slash).split('.')[0]
  const modelId = model.slice(slash + 1)
  if (provider === DEMO_PROVIDER) return 'Demo: scripted replies'
  if (provider === COMPATIBLE_PROVIDER) return `${modelId} (OpenAI-compatible server)`
  return `${provider}/${modelId}`
}
