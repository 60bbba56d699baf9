// Types of scripts/ensure-built.mjs for its test (test/scripts/), which is TypeScript.

export const BUILT_ENTRIES: readonly string[]
export function isBuildInput(path: string): boolean
export function fingerprintOf(files: readonly { path: string; content: string | Buffer }[]): string
export function buildDecision(input: { force: boolean; stampText: string | null; fingerprint: string; missingEntries: readonly string[] }): {
  build: boolean
  reason: string
}
export function stampTextOf(fingerprint: string, builtAtMs: number): string
