// One frozen profile per provider family. Sources: each provider's API
// reference (Bedrock ToolUseBlock: toolUseId and name `[a-zA-Z0-9_-]+`, 1-64;
// Mistral's 400 "must be a-z, A-Z, 0-9, with a length of 9"; Anthropic's
// `^[a-zA-Z0-9_-]+$`; OpenAI Chat's 40-character ID limit; Gemini function
// names `[a-zA-Z_][a-zA-Z0-9_.:-]*` up to 64; Gemini 3 thought signatures).
import type { CapabilityProfile, ProviderFamily } from './capability-profile.ts'

const OPENAI_TOOL_NAME = { pattern: /^[a-zA-Z0-9_-]+$/, maxLength: 64 }
const SANITIZE = { kind: 'sanitize' } as const
const ALL_PARTS = { image: true, file: true }

const openaiChat: CapabilityProfile = {
  family: 'openai-chat',
  sdkPackage: '@ai-sdk/openai',
  toolCallId: { pattern: /^[\x20-\x7e]+$/, maxLength: 40, rewrite: SANITIZE, repair: 'before-call' },
  toolName: OPENAI_TOOL_NAME,
  // Chat Completions has no reasoning input field: nothing of it reaches the wire
  reasoning: { foreign: 'strip', own: 'strip' },
  thoughtSignatures: 'none',
  callResultAdjacency: true,
  roleAlternation: false,
  systemMessages: 'anywhere',
  emptyAssistantContent: true,
  partTypes: ALL_PARTS,
}

const anthropic: CapabilityProfile = {
  family: 'anthropic',
  sdkPackage: '@ai-sdk/anthropic',
  // the spec makes Anthropic's ID repair reactive (anthropic-tool-id-format): repaired once, stored, valid from then on
  toolCallId: { pattern: /^[a-zA-Z0-9_-]+$/, maxLength: 64, rewrite: SANITIZE, repair: 'after-rejection' },
  toolName: { pattern: /^[a-zA-Z0-9_-]+$/, maxLength: 64 },
  reasoning: { foreign: 'needs-signature', own: 'replay', native: { key: 'anthropic', fields: ['signature', 'redactedData'] } },
  thoughtSignatures: 'none',
  callResultAdjacency: true,
  roleAlternation: false,
  systemMessages: 'leading',
  emptyAssistantContent: false,
  partTypes: ALL_PARTS,
}

const profiles: Record<ProviderFamily, CapabilityProfile> = {
  'openai-chat': openaiChat,
  'openai-responses': {
    ...openaiChat,
    family: 'openai-responses',
    toolCallId: { pattern: /^[\x20-\x7e]+$/, maxLength: 64, rewrite: SANITIZE, repair: 'before-call' },
    // the SDK sends only OpenAI's own reasoning items; the orphan-reasoning rule keeps them paired
    reasoning: { foreign: 'accepted', own: 'replay', native: { key: 'openai', fields: ['itemId', 'reasoningEncryptedContent'] } },
  },
  anthropic,
  google: {
    family: 'google',
    sdkPackage: '@ai-sdk/google',
    toolCallId: { pattern: /^[\x20-\x7e]+$/, maxLength: 128, rewrite: SANITIZE, repair: 'before-call' },
    toolName: { pattern: /^[a-zA-Z_][a-zA-Z0-9_.:-]*$/, maxLength: 64 },
    reasoning: { foreign: 'strip', own: 'replay', native: { key: 'google', fields: ['thoughtSignature'] } },
    thoughtSignatures: 'replayed-by-package',
    callResultAdjacency: true,
    roleAlternation: false,
    systemMessages: 'leading',
    emptyAssistantContent: false,
    partTypes: ALL_PARTS,
  },
  'google-openai-compatible': {
    ...openaiChat,
    family: 'google-openai-compatible',
    sdkPackage: '@ai-sdk/openai-compatible',
    toolName: { pattern: /^[a-zA-Z_][a-zA-Z0-9_.:-]*$/, maxLength: 64 },
    thoughtSignatures: 'placeholder-on-foreign-calls',
  },
  mistral: {
    family: 'mistral',
    sdkPackage: '@ai-sdk/mistral',
    toolCallId: { pattern: /^[a-zA-Z0-9]{9}$/, maxLength: 9, rewrite: { kind: 'hash', length: 9 }, repair: 'before-call' },
    toolName: OPENAI_TOOL_NAME,
    // its thinking carries no signature: its own cannot be told from another's
    reasoning: { foreign: 'strip', own: 'strip' },
    thoughtSignatures: 'none',
    callResultAdjacency: true,
    roleAlternation: false,
    systemMessages: 'anywhere',
    emptyAssistantContent: false,
    partTypes: { image: true, file: true },
  },
  bedrock: {
    ...anthropic,
    family: 'bedrock',
    sdkPackage: '@ai-sdk/amazon-bedrock',
    toolCallId: { ...anthropic.toolCallId, repair: 'before-call' },
    reasoning: { foreign: 'needs-signature', own: 'replay', native: { key: 'bedrock', fields: ['signature', 'redactedData'] } },
    roleAlternation: true,
  },
  cerebras: { ...openaiChat, family: 'cerebras', sdkPackage: '@ai-sdk/cerebras', partTypes: { image: false, file: false } },
  groq: { ...openaiChat, family: 'groq', sdkPackage: '@ai-sdk/groq' },
  // @ai-sdk/deepseek itself decides which turn's reasoning_content goes back
  deepseek: { ...openaiChat, family: 'deepseek', sdkPackage: '@ai-sdk/deepseek', reasoning: { foreign: 'accepted', own: 'replay' } },
  xai: {
    ...openaiChat,
    family: 'xai',
    sdkPackage: '@ai-sdk/xai',
    reasoning: { foreign: 'strip', own: 'replay', native: { key: 'xai', fields: ['reasoningEncryptedContent', 'itemId'] } },
  },
  // the conservative default: portable IDs and names; reasoning is sent as today (the spec's custom-rule example relies on it)
  'openai-compatible': {
    ...openaiChat,
    family: 'openai-compatible',
    reasoning: { foreign: 'accepted', own: 'replay' },
    sdkPackage: '@ai-sdk/openai-compatible',
    toolCallId: { pattern: /^[a-zA-Z0-9_-]+$/, maxLength: 40, rewrite: SANITIZE, repair: 'before-call' },
    emptyAssistantContent: false,
  },
}

/**
 * Freezes a profile and every plain object in it. Not its patterns: V8 runs a
 * frozen RegExp (read-only `lastIndex`) on its slow path, 3x slower on every
 * tool part of every call; the patterns are module-private and never written.
 */
function deepFreeze<T extends object>(value: T): T {
  for (const field of Object.values(value)) if (field !== null && typeof field === 'object' && !(field instanceof RegExp)) deepFreeze(field as object)
  return Object.freeze(value)
}

for (const profile of Object.values(profiles)) deepFreeze(profile)

/** Every family's profile, frozen. */
export const capabilityProfiles: Readonly<Record<ProviderFamily, CapabilityProfile>> = Object.freeze(profiles)
