// What one provider family accepts in a replayed history (issue 29, item 1).
// Profiles are data: the compiler's profile-driven rules read them, so adding
// a family is adding a profile, not a rule.

/** The provider families the compiler knows; `openai-compatible` is the conservative default. */
export type ProviderFamily =
  | 'openai-chat'
  | 'openai-responses'
  | 'anthropic'
  | 'google'
  | 'google-openai-compatible'
  | 'mistral'
  | 'bedrock'
  | 'cerebras'
  | 'groq'
  | 'deepseek'
  | 'xai'
  | 'openai-compatible'

/**
 * How a tool-call ID the provider rejects is rewritten: `sanitize` replaces
 * each rejected character with `_` (and cuts to `maxLength`); `hash` derives a
 * fixed-length alphanumeric ID from the old one (Mistral's nine characters).
 */
export type ToolCallIdRewrite = { kind: 'sanitize' } | { kind: 'hash'; length: number }

/** Where reasoning from another provider stands: kept, stripped, or kept only when it carries this provider's own signature. */
export type ForeignReasoning = 'accepted' | 'strip' | 'needs-signature'

export type CapabilityProfile = {
  readonly family: ProviderFamily
  /** the AI SDK package that speaks to it (AI SDK 6 line) */
  readonly sdkPackage: string
  readonly toolCallId: {
    readonly pattern: RegExp
    readonly maxLength: number
    readonly rewrite: ToolCallIdRewrite
    /**
     * `before-call`: the compiler rewrites rejected IDs in the outbound prompt;
     * `after-rejection`: a reactive rule repairs the stored IDs after the
     * provider's 400 (Anthropic: the spec's `anthropic-tool-id-format`)
     */
    readonly repair: 'before-call' | 'after-rejection'
  }
  readonly toolName: { readonly pattern: RegExp; readonly maxLength: number }
  readonly reasoning: {
    readonly foreign: ForeignReasoning
    /** `strip`: the provider takes no reasoning back at all, not even its own */
    readonly own: 'replay' | 'strip'
    /** how its own reasoning is recognised: `providerOptions[key]` holds one of `fields` as a string */
    readonly native?: { readonly key: string; readonly fields: readonly string[] }
  }
  /**
   * Thought signatures on function calls (Gemini 3): `none`; `replayed-by-package`
   * (@ai-sdk/google replays `providerOptions.google.thoughtSignature` and adds
   * Google's placeholder itself); `placeholder-on-foreign-calls` (an
   * OpenAI-compatible Gemini endpoint: nothing adds it, the compiler must).
   */
  readonly thoughtSignatures: 'none' | 'replayed-by-package' | 'placeholder-on-foreign-calls'
  /** every call answered by a result in the tool message right after it (all families today) */
  readonly callResultAdjacency: true
  /** consecutive messages of one role are refused (Bedrock Converse) */
  readonly roleAlternation: boolean
  /** where system messages may stand */
  readonly systemMessages: 'anywhere' | 'leading'
  readonly emptyAssistantContent: boolean
  readonly partTypes: { readonly image: boolean; readonly file: boolean }
}
