// The stored message format (docs/spec/data-model.md). Close to what agent frameworks
// already store ("MastraDBMessage" v2), so existing data can be imported.

export type ToolInvocation = {
  toolCallId: string
  toolName: string
  args: unknown
  state: 'call' | 'partial-call' | 'result'
  result?: unknown
}

export type ProviderMetadata = Record<string, Record<string, unknown>>

export type TextPart = { type: 'text'; text: string; providerMetadata?: ProviderMetadata | undefined }
export type ReasoningDetail = { type: 'text'; text: string; signature?: string | undefined } | { type: 'redacted'; data: string }
export type ReasoningPart = {
  type: 'reasoning'
  reasoning: string
  details: ReasoningDetail[]
  providerMetadata?: ProviderMetadata | undefined
}
export type ToolInvocationPart = {
  type: 'tool-invocation'
  toolInvocation: ToolInvocation
  providerMetadata?: ProviderMetadata | undefined
}
export type FilePart = { type: 'file'; mimeType: string; data: string; providerMetadata?: ProviderMetadata | undefined }
export type StepStartPart = { type: 'step-start' }

export type MessagePart = TextPart | ReasoningPart | ToolInvocationPart | FilePart | StepStartPart

export type MessageRole = 'user' | 'assistant' | 'system'

export type MessageContent = {
  format: 2
  parts: MessagePart[]
  /** optional plain-text summary */
  content?: string | undefined
  /** e.g. { provider, modelId } of the turn that produced the message */
  metadata?: Record<string, unknown> | undefined
  providerMetadata?: ProviderMetadata | undefined
  /** legacy location of tool calls; still read and repaired */
  toolInvocations?: ToolInvocation[] | undefined
}

export type StoredMessage = {
  id: string
  threadId: string
  resourceId: string
  role: MessageRole
  createdAt: Date
  type?: 'v2' | undefined
  content: MessageContent
}

/** The spec's name for the stored message. */
export type MastraDBMessage = StoredMessage
