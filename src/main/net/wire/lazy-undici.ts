import type * as Undici from 'undici'

let loaded: typeof Undici | undefined
let loading: Promise<typeof Undici> | undefined

/**
 * undici, read on the first outgoing request rather than at start-up: its ~40 modules were a
 * tenth of a cold start's module loading (B9), and a node that only schedules for its embedded
 * executor never needs them. After the first load the module is at hand without a promise.
 */
export async function loadUndici(): Promise<typeof Undici> {
  if (loaded) return loaded
  loading ??= import('undici').then((module) => (loaded = module))
  return loading
}
