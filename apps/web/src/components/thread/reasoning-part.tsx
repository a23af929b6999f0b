import type { ReasoningPart, StoredMessage } from '@threadline/engine'
import { Badge } from '../badge.tsx'

/**
 * Where a reasoning part comes from and whether another provider could replay
 * it: Anthropic thinking is signed (valid only for Anthropic), OpenAI-compatible
 * reasoning is plain text, redacted thinking has no readable text.
 */
export function reasoningProvenance(part: ReasoningPart, message: StoredMessage) {
  const fromMetadata = Object.keys(part.providerMetadata ?? {})
  const turnProvider = message.content.metadata?.provider
  const providers = fromMetadata.length > 0 ? fromMetadata : typeof turnProvider === 'string' ? [turnProvider] : []
  const signed =
    part.details.some((detail) => detail.type === 'text' && Boolean(detail.signature)) ||
    Object.values(part.providerMetadata ?? {}).some((meta) => typeof meta.signature === 'string')
  const redacted = part.details.some((detail) => detail.type === 'redacted')
  const encrypted = Object.values(part.providerMetadata ?? {}).some((meta) => typeof meta.reasoningEncryptedContent === 'string')
  return { providers, signed, redacted, encrypted }
}

export function ReasoningPartView({ part, message }: { part: ReasoningPart; message: StoredMessage }) {
  const { providers, signed, redacted, encrypted } = reasoningProvenance(part, message)
  return (
    <details className="group rounded-md border border-amber-200 bg-amber-50/50" data-testid="reasoning">
      <summary className="flex cursor-pointer list-none flex-wrap items-center gap-2 px-3 py-2 text-xs font-medium text-amber-900">
        <span aria-hidden className="transition-transform group-open:rotate-90">
          ▸
        </span>
        Reasoning
        {providers.length === 0 ? (
          <Badge tone="slate" title="No provider recorded">
            unknown provider
          </Badge>
        ) : (
          providers.map((provider) => (
            <Badge key={provider} tone="amber" title={`Produced by ${provider}`}>
              {provider}
            </Badge>
          ))
        )}
        <Badge
          tone={signed ? 'violet' : 'slate'}
          title={signed ? 'Carries a provider signature: only that provider accepts it back' : 'No signature: plain reasoning text'}
        >
          {signed ? 'signed' : 'unsigned'}
        </Badge>
        {redacted && <Badge tone="red">redacted</Badge>}
        {encrypted && <Badge tone="sky">encrypted content</Badge>}
      </summary>
      <p className="whitespace-pre-wrap border-t border-amber-200 px-3 py-2 text-sm leading-6 text-amber-950/80">
        {part.reasoning || <span className="italic">(no readable text: the provider sent it redacted)</span>}
      </p>
    </details>
  )
}
