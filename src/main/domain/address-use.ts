/** How often, and when last, a job's runs went to one address (LEAST_FREQUENTLY_USED, LEAST_RECENTLY_USED). */
export interface AddressUse {
  address: string
  useCount: number
  lastUsedMs: number
  /** The start of the 24-h window `useCount` counts in (XXL-JOB forgets LFU counts daily). */
  windowStartMs: number
}

/** XXL-JOB's LFU cache lives a day. */
export const USE_WINDOW_MS = 86_400_000
