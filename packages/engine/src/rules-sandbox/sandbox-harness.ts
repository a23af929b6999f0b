// The only code of ours that runs inside the sandbox. It is evaluated first in
// every fresh context, so it holds the real JSON/Array/RegExp before any rule
// code runs; it installs a `console` that hands log lines to the host, and
// returns one dispatcher through which the host calls into the rule. Values
// cross the boundary only as JSON strings (and plain strings/numbers in).

/** Operations of the dispatcher; their arguments follow the op name. */
export type HarnessOp =
  /** (thrown) -> JSON { name, message, stack } */
  | 'describeThrown'
  /** (moduleNamespace) -> JSON of what the default export looks like */
  | 'describeRule'
  /** (moduleNamespace, inputJson { prompt, model }) -> JSON { async } | { unchanged } | { prompt } | { unserializable } */
  | 'applyToPrompt'
  /** (moduleNamespace, messagesJson) -> JSON { async } | { changedType, messages? } | { unserializable } */
  | 'fix'
  /** (source, flags, input, lastIndex) -> JSON null | { captures, index, groups, lastIndex } */
  | 'regexpExec'

export const HARNESS_FILENAME = 'threadline-harness.js'

/** Log lines per call, characters per line, characters of a thrown message: cut inside the sandbox, before anything is copied out. */
export const HARNESS_LIMITS = Object.freeze({ maxLogLines: 100, maxLogChars: 2000, maxThrownChars: 2000 })

/** (hostLog, maxLogLines, maxLogChars, maxThrownChars) -> dispatcher */
export const HARNESS_SOURCE = String.raw`(hostLog, maxLogLines, maxLogChars, maxThrownChars) => {
  'use strict'
  const { parse, stringify } = JSON
  const { isArray } = Array
  const { entries } = Object
  const toText = String
  const RegExpClass = RegExp
  // bound now: a rule that replaces String.prototype.slice cannot lift the cuts below
  const sliceText = Function.prototype.call.bind(String.prototype.slice)
  const ErrorClass = Error

  const format = (value) => {
    if (typeof value === 'string') return value
    try {
      const json = stringify(value)
      return json === undefined ? toText(value) : json
    } catch (_) {
      try { return toText(value) } catch (_) { return '[unprintable]' }
    }
  }
  // a line is measured and cut here, so the host copies at most maxLogChars of it;
  // past maxLogLines the host is called once more (to note the drop), then never
  let lines = 0
  const logger = (level) => (...args) => {
    if (lines > maxLogLines) return
    lines += 1
    const text = args.map(format).join(' ')
    hostLog(level, text.length > maxLogChars ? sliceText(text, 0, maxLogChars) : text, text.length)
  }
  const cut = (text) => (text.length > maxThrownChars ? sliceText(text, 0, maxThrownChars) + '…' : text)
  globalThis.console = {
    log: logger('log'), info: logger('info'), warn: logger('warn'), error: logger('error'), debug: logger('debug'),
  }

  const describe = (thrown) => {
    try {
      if (thrown instanceof ErrorClass) {
        return { name: cut(toText(thrown.name)), message: cut(toText(thrown.message)), stack: cut(toText(thrown.stack ?? '')) }
      }
      return { name: 'thrown value', message: cut(format(thrown)), stack: '' }
    } catch (_) {
      return { name: 'thrown value', message: '(a value that could not be read)', stack: '' }
    }
  }
  const serialize = (envelope) => {
    try { return stringify(envelope) } catch (error) { return stringify({ unserializable: describe(error).message }) }
  }
  const isThenable = (value) =>
    value !== null && (typeof value === 'object' || typeof value === 'function') && typeof value.then === 'function'
  const patternOf = (pattern) =>
    typeof pattern === 'string' ? { source: pattern, flags: '' }
    : pattern instanceof RegExpClass ? { source: pattern.source, flags: pattern.flags }
    : { invalid: pattern === null ? 'null' : typeof pattern }

  const ops = {
    describeThrown: (thrown) => stringify(describe(thrown)),
    describeRule: (namespace) => {
      const rule = namespace.default
      if (rule === null || typeof rule !== 'object') return stringify({ exported: rule === null ? 'null' : typeof rule })
      const patterns = rule.errorPatterns
      return serialize({
        exported: 'object',
        name: rule.name,
        applyToPrompt: typeof rule.applyToPrompt,
        fix: typeof rule.fix,
        errorPatterns: patterns === undefined ? undefined
          : isArray(patterns) ? patterns.map(patternOf)
          : { invalid: patterns === null ? 'null' : typeof patterns },
      })
    },
    applyToPrompt: (namespace, inputJson) => {
      const rule = namespace.default
      const output = rule.applyToPrompt(parse(inputJson))
      if (isThenable(output)) return stringify({ async: true })
      if (output === undefined || output === null) return stringify({ unchanged: true })
      return serialize({ prompt: output })
    },
    fix: (namespace, messagesJson) => {
      const rule = namespace.default
      const messages = parse(messagesJson)
      const changed = rule.fix(messages)
      if (isThenable(changed)) return stringify({ async: true })
      return serialize(changed === true ? { changedType: 'boolean', changed, messages } : { changedType: typeof changed, changed })
    },
    regexpExec: (source, flags, input, lastIndex) => {
      const pattern = new RegExpClass(source, flags)
      pattern.lastIndex = lastIndex
      const match = pattern.exec(input)
      if (match === null) return 'null'
      return stringify({
        captures: [...match],
        index: match.index,
        groups: match.groups === undefined ? null : entries(match.groups),
        lastIndex: pattern.lastIndex,
      })
    },
  }
  return (op, ...args) => ops[op](...args)
}`
