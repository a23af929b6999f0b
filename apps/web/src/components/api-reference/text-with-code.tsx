import { codeSpans } from './code-spans.ts'

/** A description whose `backticked` identifiers render as inline code. */
export function TextWithCode({ text }: { text: string }) {
  return codeSpans(text).map((part, index) =>
    part.code ? (
      <code key={index} className="rounded bg-slate-100 px-1 font-mono text-[0.95em] text-slate-800 [overflow-wrap:anywhere]">
        {part.text}
      </code>
    ) : (
      part.text
    ),
  )
}
