'use client'

import ReactDiffViewer, { DiffMethod } from 'react-diff-viewer-continued'
import { diffViewerColours } from './prompt-diff-theme.ts'

/** Two JSON values side by side, the lines a rule removed on the left and added on the right. */
export function JsonDiff({ before, after, leftTitle, rightTitle }: { before: unknown; after: unknown; leftTitle: string; rightTitle: string }) {
  const oldValue = JSON.stringify(before, null, 2)
  const newValue = JSON.stringify(after, null, 2)
  return (
    <div
      className="overflow-x-auto rounded-md border border-slate-200 text-xs [&_pre]:whitespace-pre-wrap [&_pre]:[overflow-wrap:anywhere]"
      data-testid="prompt-diff"
    >
      <ReactDiffViewer
        oldValue={oldValue}
        newValue={newValue}
        splitView
        leftTitle={leftTitle}
        rightTitle={rightTitle}
        compareMethod={DiffMethod.WORDS}
        showDiffOnly
        extraLinesSurroundingDiff={4}
        disableWorker
        hideSummary
        styles={{
          // the app's palette variables follow the scheme themselves: one set serves either of the viewer's schemes
          variables: { light: diffViewerColours, dark: diffViewerColours },
          // its table insists on 1000 px: let it take the panel's width and wrap instead
          diffContainer: { minWidth: 'unset' },
          // it sets line-break:anywhere, which splits ordinary words: wrap at spaces, break only a token too long for the line
          contentText: { fontFamily: 'var(--font-mono)', fontSize: 12, lineHeight: '18px', lineBreak: 'auto', overflowWrap: 'anywhere' },
          // line numbers at full strength, as in the code editor (it draws them at half opacity until hovered)
          gutter: { minWidth: 32, padding: '0 6px', pre: { opacity: 1 } },
        }}
      />
    </div>
  )
}
