/** A call's or a turn's run parameters in words, as the call trace and the edit panel say them: "temperature 0.4 · max tokens provider default". */
export function runParametersLabel(parameters: { temperature?: number | null | undefined; maxOutputTokens?: number | null | undefined }): string {
  return `temperature ${parameters.temperature ?? 'provider default'} · max tokens ${parameters.maxOutputTokens ?? 'provider default'}`
}
