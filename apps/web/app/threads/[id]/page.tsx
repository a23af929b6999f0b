import { ThreadPage } from '@/components/thread/thread-page.tsx'

export default async function ThreadRoute({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  return <ThreadPage id={id} />
}
