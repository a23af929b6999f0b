'use client'

import { PageHeader } from '../ui/page-header.tsx'
import { Tabs } from '../ui/tabs.tsx'
import { useSearchParamsState } from '../use-search-params-state.ts'
import { ApiErrorsTab } from './api-errors-tab.tsx'
import { PromptRulesTab } from './prompt-rules-tab.tsx'
import { RetrySimulatorTab } from './retry-simulator-tab.tsx'
import { SwitchCheckTab } from './switch-check-tab.tsx'

const tabs = [
  { id: 'prompt', label: 'Prompt rules' },
  { id: 'errors', label: 'API errors' },
  { id: 'retry', label: 'Retry simulator' },
  { id: 'switch', label: 'Switch check' },
] as const

type TabId = (typeof tabs)[number]['id']

/** The rule + retry playground; the tab lives in the URL (?tab=), a thread can be handed over (?thread=). */
export function PlaygroundPage() {
  const [params, setParams] = useSearchParamsState()
  const tab: TabId = tabs.find((candidate) => candidate.id === params.get('tab'))?.id ?? 'prompt'
  const threadId = params.get('thread') ?? ''
  return (
    <div className="space-y-5">
      <PageHeader
        title="Playground"
        description="Test provider-compatibility rules, provider errors, retry decisions and provider switches with the engine's own code."
      />
      <Tabs label="Playground" items={tabs} selected={tab} onSelect={(id) => setParams({ tab: id === 'prompt' ? null : id })} />
      <div role="tabpanel" aria-label={tabs.find((candidate) => candidate.id === tab)?.label}>
        {tab === 'prompt' && <PromptRulesTab initialThreadId={threadId} />}
        {tab === 'errors' && <ApiErrorsTab initialThreadId={threadId} />}
        {tab === 'retry' && <RetrySimulatorTab />}
        {tab === 'switch' && <SwitchCheckTab initialThreadId={threadId} />}
      </div>
    </div>
  )
}
