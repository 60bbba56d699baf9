/**
 * A streamed reply cut into run-log lines as it arrives: each complete line is written at once, so
 * the run log shows the reply live without a log line per token. A line longer than `maxChars`
 * is written in parts (a model that never says a newline is still seen working).
 */
export class ReplyLines {
  private pending = ''

  constructor(
    private readonly write: (line: string) => void,
    private readonly maxChars = 2000,
  ) {}

  push(text: string): void {
    this.pending += text
    let end: number
    while ((end = this.pending.indexOf('\n')) >= 0) {
      this.write(this.pending.slice(0, end))
      this.pending = this.pending.slice(end + 1)
    }
    while (this.pending.length >= this.maxChars) {
      this.write(this.pending.slice(0, this.maxChars))
      this.pending = this.pending.slice(this.maxChars)
    }
  }

  /** Writes what is left of the last line. */
  flush(): void {
    if (this.pending !== '') this.write(this.pending)
    this.pending = ''
  }
}
