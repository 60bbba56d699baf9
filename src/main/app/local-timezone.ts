let zone: string | undefined

/** Read when first needed, not at start-up: the first Intl call loads ICU's zone data, ~40 ms of a cold start (docs/benchmarks.md#b9-cold-start). */
export function localTimezone(): string {
  zone ??= Intl.DateTimeFormat().resolvedOptions().timeZone
  return zone
}
