/** Exit codes of `jobdesk` (docs/cli.md#exit-codes). */
export const EXIT = {
  ok: 0,
  /** `diff`: the server differs from the files; `logs --follow`: the run did not succeed. */
  differs: 1,
  /** Bad usage, a bad file, a refused call, no server. */
  error: 2,
} as const

/** An error that ends the command with its one-line message (and, for a bad file, its problems one per line). */
export class CliError extends Error {
  constructor(
    message: string,
    readonly details: readonly string[] = [],
    readonly exitCode: number = EXIT.error,
  ) {
    super(message)
  }
}
