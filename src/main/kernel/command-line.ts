/** A bad command line; the message is for the operator, one line. */
export class UsageError extends Error {
  override readonly name = 'UsageError'
}

/** Ends a command-line program the way the operator reads it: `name: message` on stderr, then `exitCode`. */
export function exitWith(name: string, message: string, exitCode: number): never {
  console.error(`${name}: ${message}`)
  process.exit(exitCode)
}

/**
 * The parsed command line, or null once `--help` has printed `usage`. A UsageError ends the program
 * with exit code 2 and the message `explain` makes of it.
 */
export function readCommandLine<T>(name: string, parse: () => T | 'help', usage: string, explain: (message: string) => string): T | null {
  let parsed: T | 'help'
  try {
    parsed = parse()
  } catch (error) {
    if (error instanceof UsageError) exitWith(name, explain(error.message), 2)
    throw error
  }
  if (parsed === 'help') {
    console.log(usage)
    return null
  }
  return parsed
}
