// zod keeps an optional key that was passed as `undefined` (`{ title: undefined }`
// parses to itself). Where such a key means "not given" (a patch, an overlay),
// it must not be spread over a value or handed to storage as a value.

/** `T` with its `undefined`-valued keys gone: each key is absent or has a value. */
export type GivenFields<T extends object> = { [K in keyof T]?: Exclude<T[K], undefined> }

/** The fields of `value` that have a value (a shallow copy without the `undefined` ones). */
export function givenFields<T extends object>(value: T): GivenFields<T> {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as GivenFields<T>
}
