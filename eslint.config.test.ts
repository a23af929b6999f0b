import { ESLint } from 'eslint'
import tseslint from 'typescript-eslint'
import { describe, expect, it } from 'vitest'

// The package boundaries of eslint.config.js bite: each import below is linted
// as if it were written in the given file, with the repo's own config. Only
// the boundary rule is looked at; type-aware rules are off, since the files
// are not on disk.

const eslint = new ESLint({
  cwd: import.meta.dirname,
  overrideConfig: [tseslint.configs.disableTypeChecked],
  ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports',
})

/** The boundary messages ESLint reports for `code` written in `filePath` (throws on a parse error). */
async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const messages = (await eslint.lintText(code, { filePath })).flatMap((result) => result.messages)
  const fatal = messages.find((message) => message.fatal === true)
  if (fatal) throw new Error(`${filePath}: ${fatal.message}`)
  return messages.map((message) => message.message)
}

type Case = [filePath: string, code: string]

function expectReported(cases: Case[], text: RegExp) {
  it.each(cases)('%s: %s is reported', async (filePath, code) => {
    const errors = await boundaryErrors(filePath, code)
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatch(text)
  })
}

function expectAllowed(cases: Case[]) {
  it.each(cases)('%s: %s is allowed', async (filePath, code) => {
    expect(await boundaryErrors(filePath, code)).toEqual([])
  })
}

describe('test utilities stay in tests', () => {
  expectReported(
    [
      ['packages/api/src/workbench/demo-provider.ts', "import { startFakeProvider } from '@threadline/engine/testing'"],
      ['packages/db/src/seed/demo-calls.ts', "import { anthropicRateLimited } from '@threadline/engine/testing/provider-error-presets'"],
      ['apps/web/src/components/playground/provider-error-presets.ts', "import type { ProviderErrorPreset } from '@threadline/engine/testing'"],
      ['packages/engine/src/agent/agent.ts', "import { useFakeProvider } from '@threadline/engine/testing/vitest'"],
      ['packages/api/src/services.ts', "import { openTestDatabase } from '@threadline/db/testing'"],
    ],
    /test utilities are for tests/,
  )
  expectAllowed([
    ['packages/api/src/workbench/demo-provider.ts', "import { startFakeProvider } from '@threadline/engine/loopback-provider'"],
    ['apps/web/src/components/playground/provider-error-presets.ts', "import { providerErrorPresets } from '@threadline/engine/provider-error-presets'"],
    ['packages/api/src/workbench/demo-provider.test.ts', "import { startFakeProvider } from '@threadline/engine/testing'"],
    ['apps/web/src/components/thread-view.test.tsx', "import { textMessage } from '@threadline/engine/testing'"],
    ['packages/db/src/testing/recording-storage.ts', "import { describeMemoryStorageContract } from '@threadline/engine/testing/memory-storage-contract'"],
    ['e2e/workbench.spec.ts', "import { startFakeProvider } from '@threadline/engine/testing'"],
    ['bench/clone.ts', "import { textMessage } from '@threadline/engine/testing'"],
  ])
})

describe('the engine is framework-free', () => {
  expectReported(
    [
      ['packages/engine/src/memory/memory.ts', "import { PrismaClient } from '@prisma/client'"],
      ['packages/engine/src/memory/memory.ts', "import { Prisma } from 'prisma'"],
      ['packages/engine/src/agent/agent.ts', "import { initTRPC } from '@trpc/server'"],
      ['packages/engine/src/agent/agent.ts', "import { useState } from 'react'"],
      ['packages/engine/src/agent/agent.ts', "import { NextResponse } from 'next/server'"],
      ['packages/engine/src/storage/types.ts', "import { openDatabase } from '@threadline/db'"],
      ['packages/engine/src/calls/call-log.ts', "import type { AppRouter } from '@threadline/api'"],
      ['packages/engine/src/memory/memory.test.ts', "import { PrismaClient } from '@prisma/client'"],
    ],
    /framework-free/,
  )
  expectAllowed([
    ['packages/engine/src/memory/memory.ts', "import { z } from 'zod'"],
    ['packages/engine/src/index.test.ts', "import { Agent } from '@threadline/engine'"],
    ['packages/engine/src/memory/memory.test.ts', "import { reply } from '@threadline/engine/testing'"],
    ['packages/engine/src/agent/agent.ts', "import { streamText } from 'ai'"],
  ])
})

describe('Memory is the gateway for routers, REST handlers and the UI', () => {
  expectReported(
    [
      ['packages/api/src/routers/threads.ts', "import { openDatabase } from '@threadline/db'"],
      ['packages/api/src/routers/threads.ts', "import type { PrismaClient } from '@prisma/client'"],
      ['packages/api/src/rest/event-stream.ts', "import { PrismaStorage } from '../../../db/src/storage/prisma-storage.ts'"],
      ['apps/web/src/components/app-header.tsx', "import { seedDemoData } from '@threadline/db/seed'"],
      ['packages/api/src/routers/threads.ts', "import type { MemoryStorage } from '@threadline/engine/storage'"],
    ],
    /Memory is the gateway/,
  )
  expectAllowed([
    ['packages/api/src/routers/threads.ts', "import { Memory, type StoredThread } from '@threadline/engine'"],
    ['packages/api/src/routers/threads.ts', "import type { ThreadListItem } from '@threadline/engine/storage'"],
    ['packages/api/src/routers/messages.ts', "import { messageTextSearchInputSchema } from '@threadline/engine/storage'"],
    ['apps/web/src/components/message-search-results.tsx', "import type { SnippetSegment } from '@threadline/engine/storage'"],
    ['packages/api/src/services.ts', "import { openDatabase } from '@threadline/db'"],
    ['packages/api/src/routers/app.test.ts', "import { openTestDatabase } from '@threadline/db/testing'"],
  ])
})
