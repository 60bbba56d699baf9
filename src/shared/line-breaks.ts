/** XXL-JOB's executors break lines of their logs and messages with `<br>` (as HTML); text shown as text breaks there instead. */
const XXL_BREAK = /<br\s*\/?>/gi

/** `text` with XXL-JOB's `<br>` markers as line breaks: for a terminal, or a text element that keeps breaks (never parsed as HTML). */
export function withLineBreaks(text: string): string {
  return text.replace(XXL_BREAK, '\n')
}
