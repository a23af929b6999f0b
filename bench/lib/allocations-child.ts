// Child side of allocatedBytesPerCall: builds the call from its module's factory and
// counts heap bytes per call with a young generation large enough that no
// scavenge runs during a sample (fewer calls when one ran all the same); the least of five
// samples. Prints one JSON line: { bytesPerCall }.
import { heapBytesPerCall } from './measure.ts'

const [moduleUrl, exportName, argsJson, callsText] = process.argv.slice(2)
if (moduleUrl === undefined || exportName === undefined || argsJson === undefined || callsText === undefined)
  throw new Error('usage: allocations-child <module url> <factory export> <args json> <calls>')
const factory = ((await import(moduleUrl)) as Record<string, (args: unknown) => () => unknown>)[exportName]
if (typeof factory !== 'function') throw new Error(`${moduleUrl} exports no function ${exportName}`)
const call = factory(JSON.parse(argsJson))
// A collection during a sample (null) means the calls' garbage outgrew the young generation: fewer calls.
let calls = Number(callsText)
let first = await heapBytesPerCall(call, calls)
while (first === null && calls > 1) {
  calls = Math.ceil(calls / 4)
  first = await heapBytesPerCall(call, calls)
}
// The least of five samples: the optimising compiler's own heap objects (code, feedback) land in some
// samples and only add; what the calls allocate is the same in every sample.
const samples = [first]
for (let repeat = 1; repeat < 5 && first !== null; repeat++) samples.push(await heapBytesPerCall(call, calls))
const counted = samples.filter((bytes) => bytes !== null)
const bytesPerCall = counted.length === 0 ? null : Math.min(...counted)
process.stdout.write(`${JSON.stringify({ bytesPerCall })}\n`)
