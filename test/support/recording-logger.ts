import type { Logger } from '../../src/main/kernel/logger'

/** A logger that keeps every line it is given, message and fields as one text, to search afterwards. */
export function recordingLogger(): { logger: Logger; lines: string[] } {
  const lines: string[] = []
  const record = (msg: string, fields?: Record<string, unknown>) => void lines.push(msg + JSON.stringify(fields ?? {}))
  return { logger: { debug: record, info: record, warn: record, error: record }, lines }
}
