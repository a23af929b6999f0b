import { heapBytesPerCall } from './lib/measure.ts'
const arr: number[] = []
for (const n of [1000, 10000]) {
console.log(n, await heapBytesPerCall(() => arr.length, n))
console.log(n, await heapBytesPerCall(() => ({ a: 1 }), n))
console.log(n, await heapBytesPerCall(() => new Array(100).fill(0), n/10))
}
