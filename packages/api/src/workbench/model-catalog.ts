// The models the workbench offers for each provider it knows, with their
// context windows (tokens, from the providers' model pages) and the BPE
// encoding OpenAI publishes for them. Other ids still work through the API
// ('provider/model' strings): the catalog is what the UI lists.

/** An OpenAI BPE encoding (js-tiktoken ranks); null: the family has no public tokenizer, counts are estimates. */
export type Encoding = 'o200k_base' | 'cl100k_base'

export type CatalogModel = { modelId: string; contextWindow: number; encoding: Encoding | null }

export const KNOWN_PROVIDER_MODELS: Record<'openai' | 'anthropic' | 'cerebras', CatalogModel[]> = {
  openai: [
    { modelId: 'gpt-4.1', contextWindow: 1_047_576, encoding: 'o200k_base' },
    { modelId: 'gpt-4.1-mini', contextWindow: 1_047_576, encoding: 'o200k_base' },
    { modelId: 'gpt-4o', contextWindow: 128_000, encoding: 'o200k_base' },
    { modelId: 'gpt-4o-mini', contextWindow: 128_000, encoding: 'o200k_base' },
  ],
  anthropic: [
    { modelId: 'claude-sonnet-4-5', contextWindow: 200_000, encoding: null },
    { modelId: 'claude-haiku-4-5', contextWindow: 200_000, encoding: null },
  ],
  cerebras: [
    { modelId: 'llama-3.3-70b', contextWindow: 65_536, encoding: null },
    { modelId: 'gpt-oss-120b', contextWindow: 131_072, encoding: 'o200k_base' },
  ],
}

/** The context window assumed for a model the catalog does not know (e.g. on an OpenAI-compatible server). */
export const DEFAULT_CONTEXT_WINDOW = 8192

/** The encoding of an OpenAI-family model id the catalog does not list (gpt-4o*, gpt-4.1*, o1/o3/o4*, gpt-oss*: o200k; gpt-4 / 3.5: cl100k). */
export function encodingForModelId(modelId: string): Encoding | null {
  if (/^(gpt-4o|gpt-4\.1|gpt-5|o[1-9]|gpt-oss|chatgpt-4o)/.test(modelId)) return 'o200k_base'
  if (/^(gpt-4|gpt-3\.5)/.test(modelId)) return 'cl100k_base'
  return null
}
