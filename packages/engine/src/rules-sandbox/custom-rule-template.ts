/** The starting point of the playground's rule editor: the CompatRule shape as sandboxed JavaScript. */
export const CUSTOM_RULE_TEMPLATE = `// A custom provider-compatibility rule. It runs in a sandbox: plain JavaScript
// (no TypeScript), no require/import/process/fetch, a time and memory limit.
// console.log output is collected. Values arrive as JSON: file bytes are
// base64 strings, URLs and dates are strings.
export default {
  // shown in logs and in the playground
  name: 'my-custom-rule',

  // Proactive: rewrite the outbound prompt of this call only (never saved).
  // prompt: [{ role: 'system' | 'user' | 'assistant' | 'tool', content }]
  // model: 'provider/model', or { provider, modelId } for a resolved model
  // Return the new prompt array, or undefined to leave it unchanged.
  applyToPrompt({ prompt, model }) {
    if (typeof model !== 'string' || !model.startsWith('example-provider/')) return undefined
    // build and return the rewritten prompt array here
    return undefined
  },

  // Reactive (optional): when a provider error's message or body matches one
  // of these patterns (RegExp literals, or strings read as RegExp sources),
  // fix(messages) may repair the stored messages IN PLACE and return true to
  // retry the request, or return false.
  // errorPatterns: [/tool_use\\.id/i],
  // fix(messages) {
  //   return false
  // },
}
`
