/** A minimal leveled logger; the composition root decides where lines go. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error'

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void
  info(msg: string, fields?: Record<string, unknown>): void
  warn(msg: string, fields?: Record<string, unknown>): void
  error(msg: string, fields?: Record<string, unknown>): void
}

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 }

export function consoleLogger(scope: string, minLevel: LogLevel = 'info'): Logger {
  const write = (level: LogLevel) => (msg: string, fields?: Record<string, unknown>) => {
    if (RANK[level] < RANK[minLevel]) return
    const suffix = fields ? ` ${JSON.stringify(fields)}` : ''
    const line = `${new Date().toISOString()} ${level.toUpperCase()} [${scope}] ${msg}${suffix}`
    if (level === 'error' || level === 'warn') console.error(line)
    else console.log(line)
  }
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') }
}

/**
 * `--log-format json`: each line one JSON object in the log file's shape (`{"level","time","msg",
 * …fields}`), for a collector that reads the server's output.
 */
export function jsonConsoleLogger(minLevel: LogLevel = 'info', nowMs: () => number = Date.now): Logger {
  const write = (level: LogLevel) => (msg: string, fields?: Record<string, unknown>) => {
    if (RANK[level] < RANK[minLevel]) return
    const line = JSON.stringify({ level, time: new Date(nowMs()).toISOString(), msg, ...fields })
    if (level === 'error' || level === 'warn') console.error(line)
    else console.log(line)
  }
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') }
}

export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} }
