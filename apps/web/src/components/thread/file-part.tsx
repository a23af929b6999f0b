import type { FilePart } from '@threadline/engine'

/** The part's data as a URL: kept when it already is one, else base64 bytes as a data URL. */
export function fileHref(part: FilePart): string {
  return /^(https?:|data:)/.test(part.data) ? part.data : `data:${part.mimeType};base64,${part.data}`
}

function approximateSize(part: FilePart): string | null {
  if (/^(https?:|data:)/.test(part.data)) return null
  const bytes = Math.floor((part.data.length * 3) / 4)
  return bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

export function FilePartView({ part }: { part: FilePart }) {
  const href = fileHref(part)
  const size = approximateSize(part)
  return (
    <figure className="rounded-md border border-slate-200 bg-slate-50 p-2" data-testid="file-part">
      {part.mimeType.startsWith('image/') && (
        <img src={href} alt={`Attached ${part.mimeType} image`} className="max-h-64 max-w-full rounded border border-slate-200 bg-white object-contain" />
      )}
      <figcaption className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-600">
        <svg aria-hidden viewBox="0 0 16 16" className="size-3.5 text-slate-400" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round">
          <path d="M10.5 4.5 5.4 9.6a1.5 1.5 0 0 0 2.1 2.1l5.3-5.3a3 3 0 0 0-4.2-4.2L3.3 7.5a4.5 4.5 0 0 0 6.4 6.4l4.1-4.1" />
        </svg>
        <span className="font-mono">{part.mimeType}</span>
        {size && <span className="text-slate-400">{size}</span>}
        <a href={href} download className="ml-auto text-indigo-700 hover:underline">
          Download
        </a>
      </figcaption>
    </figure>
  )
}
