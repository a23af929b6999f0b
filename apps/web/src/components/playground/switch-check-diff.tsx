'use client'

import type { RouterOutputs } from '@/trpc/types.ts'
import { Notice } from '../ui/notice.tsx'
import { ProactiveRuleList } from './proactive-rule-list.tsx'
import { JsonDiff } from './prompt-diff.tsx'

type Diff = RouterOutputs['playground']['switchCheck']['diff']

/** One family's compiler run: each rule's change, then the prompt as stored and as compiled. */
export function SwitchCheckDiff({ family, diff }: { family: string; diff: Diff }) {
  const fired = diff.rules.filter((rule) => rule.fired)
  return (
    <div className="space-y-3" data-testid="switch-check-diff">
      <ProactiveRuleList rules={fired.length > 0 ? fired : diff.rules} />
      {diff.promptChanged ? (
        <JsonDiff before={diff.inputPrompt} after={diff.finalPrompt} leftTitle="As stored" rightTitle={`Compiled for ${family}`} />
      ) : (
        <Notice tone="info">No rule changes the prompt for {family}: it goes out as stored.</Notice>
      )}
    </div>
  )
}
