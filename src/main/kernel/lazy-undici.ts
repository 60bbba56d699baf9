import type * as Undici from 'undici'

let loading: Promise<typeof Undici> | undefined

/**
 * undici, read on the first outgoing request rather than at start-up: its ~40 modules were a
 * tenth of a cold start's module loading (docs/benchmarks.md#b9-cold-start), and a node that only schedules for its embedded
 * executor never needs them. Later calls get the same, already settled, promise.
 */
export function loadUndici(): Promise<typeof Undici> {
  return (loading ??= import('undici'))
}
