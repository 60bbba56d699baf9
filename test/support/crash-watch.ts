/**
 * Catches what a server running in the test's own process throws where nobody listens (an
 * uncaught exception, an unhandled rejection), so a crash fails the property that caused it
 * instead of taking the test runner down.
 */
export class CrashWatch {
  private readonly crashes: unknown[] = []
  private readonly onCrash = (error: unknown) => void this.crashes.push(error)

  constructor(private readonly what: string) {
    process.on('uncaughtException', this.onCrash)
    process.on('unhandledRejection', this.onCrash)
  }

  /** Throws the first crash since the last call, if any. */
  check(): void {
    if (this.crashes.length === 0) return
    const error = this.crashes.splice(0)[0]
    throw new Error(`${this.what} raised an unhandled error: ${error instanceof Error ? error.stack : String(error)}`)
  }

  stop(): void {
    process.off('uncaughtException', this.onCrash)
    process.off('unhandledRejection', this.onCrash)
  }
}
