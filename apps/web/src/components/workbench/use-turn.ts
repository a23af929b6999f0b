'use client'

import type { TurnEvent } from '@threadline/api'
import { useCallback, useEffect, useRef, useState } from 'react'

export type TurnStarted = Extract<TurnEvent, { type: 'started' }>
export type TurnFinished = Extract<TurnEvent, { type: 'finished' }>
/** What the processors did during the turn, in order: rewrites, waits and retries. */
export type ProcessorAction = Extract<TurnEvent, { type: 'rules' | 'waiting' | 'retry' }>

export type TurnState = {
  status: 'idle' | 'running' | 'done' | 'failed' | 'cancelled'
  started: TurnStarted | null
  /** the reply so far (a retried attempt's text is dropped) */
  text: string
  reasoning: string
  actions: ProcessorAction[]
  finished: TurnFinished | null
  error: string | null
}

const idle: TurnState = { status: 'idle', started: null, text: '', reasoning: '', actions: [], finished: null, error: null }

/** Folds one streamed event into the turn's state. */
export function applyTurnEvent(state: TurnState, event: TurnEvent): TurnState {
  switch (event.type) {
    case 'started':
      return { ...state, started: event }
    case 'text':
      return { ...state, text: state.text + event.text }
    case 'reasoning':
      return { ...state, reasoning: state.reasoning + event.text }
    case 'tool-call':
      return state
    case 'retry':
      // the failed attempt's partial reply is never saved: drop it here too
      return { ...state, text: '', reasoning: '', actions: [...state.actions, event] }
    case 'rules':
    case 'waiting':
      return { ...state, actions: [...state.actions, event] }
    case 'finished':
      return { ...state, status: 'done', finished: event, text: event.text }
  }
}

/** The operators' saved rules that rewrote the turn's prompt (any step's), in order of first use. */
export function enabledRulesActed(actions: readonly ProcessorAction[]): string[] {
  return [...new Set(actions.flatMap((action) => (action.type === 'rules' ? action.enabledRules : [])))]
}

/** Runs one streamed workbench call; `cancel` aborts its request (the server aborts the provider call). */
export function useTurn(onFinished?: (state: TurnState) => void) {
  const [state, setState] = useState<TurnState>(idle)
  const controller = useRef<AbortController | null>(null)
  const finishedRef = useRef(onFinished)
  useEffect(() => {
    finishedRef.current = onFinished
  })
  useEffect(() => () => controller.current?.abort(), [])

  const run = useCallback(async (call: (signal: AbortSignal) => Promise<AsyncIterable<TurnEvent>>) => {
    controller.current?.abort()
    const own = new AbortController()
    controller.current = own
    let current: TurnState = { ...idle, status: 'running' }
    setState(current)
    try {
      for await (const event of await call(own.signal)) {
        current = applyTurnEvent(current, event)
        setState(current)
      }
      current = current.finished ? current : { ...current, status: 'failed', error: 'The stream ended without a reply.' }
    } catch (error) {
      current = own.signal.aborted
        ? { ...current, status: 'cancelled' }
        : { ...current, status: 'failed', error: error instanceof Error ? error.message : String(error) }
    }
    setState(current)
    if (controller.current === own) controller.current = null
    finishedRef.current?.(current)
  }, [])

  const cancel = useCallback(() => controller.current?.abort(), [])
  const reset = useCallback(() => setState(idle), [])
  return { state, run, cancel, reset }
}
