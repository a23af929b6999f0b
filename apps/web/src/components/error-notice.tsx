import { Notice } from './ui/notice.tsx'

export function ErrorNotice({ title, message }: { title: string; message: string }) {
  return (
    <Notice tone="error" title={title} className="m-4">
      {message}
    </Notice>
  )
}
