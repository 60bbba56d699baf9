import { join } from 'node:path'
import type { LogPage } from '../../../shared/model'
import type { Logger } from '../../kernel/logger'
import { runLogPath } from './log-format'
import { pageLogParts } from './log-page'
import { withLostLines, withOwedMarker } from './lost-lines'
import { RunLogReader } from './run-log-reader'
import type { RunLog, RunLogChanged, RunLogStore } from './run-log-store'
import { RunLogWriter, type RunLogFile, type WriterIo } from './run-log-writer'

/**
 * XXL-JOB's layout (docs/protocol.md#run-log-files): one file per run, `<logDir>/<yyyy-MM-dd>/<logId>.log`. What the
 * LAN agent uses, because operators and tools expect it.
 */
export class FileRunLogStore implements RunLogStore {
  private readonly reader = new RunLogReader()
  private readonly writer: RunLogWriter

  constructor(
    private readonly logDir: string,
    logger: Logger,
    onChanged: RunLogChanged,
    /** The disk writes go to; tests give one that fills up. */
    io?: WriterIo,
  ) {
    this.writer = new RunLogWriter(logger, (file) => onChanged(file.logId), undefined, io)
  }

  open(logId: number, logDateTimeMs: number): RunLog {
    return this.writer.file(runLogPath(this.logDir, logDateTimeMs, logId), logId)
  }

  append(log: RunLog, text: string): void {
    this.writer.append(log as RunLogFile, text)
  }

  markEnded(): void {
    // One file per run either way: nothing changes when the run ends.
  }

  close(log: RunLog): void {
    this.writer.close(log as RunLogFile)
  }

  async read(logId: number, logDateTimeMs: number, fromLineNum: number): Promise<LogPage | null> {
    const path = runLogPath(this.logDir, logDateTimeMs, logId)
    await this.writer.flushPath(path)
    const lines = withOwedMarker(await this.reader.readLines(path, fromLineNum), this.writer.owedMarker(path), fromLineNum)
    if (!lines) return null
    return withLostLines(pageLogParts([], fromLineNum, lines.totalLines, lines.text), this.writer.lostLines(logId))
  }

  forgetDays(days: readonly string[]): void {
    for (const day of days) this.writer.forgetDir(join(this.logDir, day))
  }

  drain(): Promise<void> {
    return this.writer.drain()
  }
}
