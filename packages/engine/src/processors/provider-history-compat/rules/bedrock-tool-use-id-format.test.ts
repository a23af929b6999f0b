import { describe, expect, it } from 'vitest'
import { anthropicInvalidToolUseId, bedrockInvalidToolName, bedrockInvalidToolUseId } from '../../../loopback-provider/provider-error-presets.ts'
import { matchReactiveRules } from '../reactive-rules.ts'
import { bedrockToolUseIdFormat } from './bedrock-tool-use-id-format.ts'

const matches = (body: unknown) => matchReactiveRules([bedrockToolUseIdFormat], new Error(JSON.stringify(body))).length > 0

describe('bedrock-tool-use-id-format', () => {
  it("matches Bedrock's ValidationException on a call's or a result's toolUseId, and nothing else", () => {
    expect(matches(bedrockInvalidToolUseId.body)).toBe(true)
    expect(
      matches({
        message:
          "1 validation error detected: Value at 'messages.3.member.content.1.member.toolResult.toolUseId' failed to satisfy constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_-]+",
      }),
    ).toBe(true)
    expect(matches(bedrockInvalidToolName.body)).toBe(false)
    expect(matches(anthropicInvalidToolUseId.body)).toBe(false)
  })
})
