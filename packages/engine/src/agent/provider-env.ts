// Environment variables of a provider, read by the 'provider/model' resolution
// (see resolve-model.ts for the full list).

/** `openai-chat` shares OpenAI's variables; any other name upper-cased, non-alphanumerics as `_`. */
export function providerEnvPrefix(provider: string): string {
  if (provider === 'openai-chat') return 'OPENAI'
  return provider.toUpperCase().replace(/[^A-Z0-9]+/g, '_')
}

export function providerEnvNames(provider: string): { apiKey: string; baseUrl: string } {
  const prefix = providerEnvPrefix(provider)
  return { apiKey: `${prefix}_API_KEY`, baseUrl: `${prefix}_BASE_URL` }
}
