'use client'

import { createContext, useContext, useMemo, useState, type ReactNode } from 'react'
import { defaultRunParameters, parseRunParameters, type RunParameterDrafts } from './run-parameters.tsx'

type RunParametersState = {
  drafts: RunParameterDrafts
  setDrafts: (next: RunParameterDrafts) => void
  parsed: ReturnType<typeof parseRunParameters>
}

const RunParametersContext = createContext<RunParametersState | null>(null)

/**
 * The composer's run parameters, held for every turn of a thread's pages: the
 * composer sets them; Edit, Regenerate and Compare models send the same ones,
 * so a turn re-run on a branch differs only in what the operator changed.
 */
export function RunParametersProvider({ children }: { children: ReactNode }) {
  const [drafts, setDrafts] = useState(defaultRunParameters)
  const value = useMemo(() => ({ drafts, setDrafts, parsed: parseRunParameters(drafts) }), [drafts])
  return <RunParametersContext value={value}>{children}</RunParametersContext>
}

export function useRunParameters(): RunParametersState {
  const state = useContext(RunParametersContext)
  if (state === null) throw new Error('useRunParameters needs a RunParametersProvider (the thread layout, app/threads/[id]/layout.tsx)')
  return state
}
