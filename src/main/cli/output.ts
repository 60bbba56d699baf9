import pc from 'picocolors'
import { stringify } from 'yaml'
import { CliError } from './cli-error'

/** How a command prints what it read: a table for people, JSON or YAML for scripts. */
export const OUTPUT_FORMATS = ['table', 'wide', 'json', 'yaml'] as const
export type OutputFormat = (typeof OUTPUT_FORMATS)[number]

export function outputFormat(value: string | undefined): OutputFormat {
  const format = value ?? 'table'
  if (!(OUTPUT_FORMATS as readonly string[]).includes(format)) throw new CliError(`-o: '${format}' is not one of ${OUTPUT_FORMATS.join(', ')}`)
  return format as OutputFormat
}

/** Where a command writes, and whether it may colour (a terminal, and NO_COLOR unset). */
export interface Out {
  write(text: string): void
  error(text: string): void
  colors: ReturnType<typeof pc.createColors>
  /** Standard output is a terminal: progress is drawn over itself there, and printed line by line elsewhere. */
  isTerminal?: boolean
}

export function processOut(stream: NodeJS.WriteStream, errors: NodeJS.WriteStream, env: NodeJS.ProcessEnv): Out {
  const colored = stream.isTTY === true && env.NO_COLOR === undefined && env.TERM !== 'dumb'
  return { write: (text) => stream.write(text), error: (text) => errors.write(text), colors: pc.createColors(colored), isTerminal: stream.isTTY === true }
}

/** YAML as `jobdesk export` writes it: long lines kept whole, scripts as block text. */
export function yamlText(value: unknown): string {
  return stringify(value, { lineWidth: 0, aliasDuplicateObjects: false })
}

export interface Column<T> {
  header: string
  value: (row: T) => string
  /** Shown with `-o wide` only. */
  wide?: boolean
}

/** Rows as aligned columns under upper-case headers (kubectl's look); `wide` adds the wide columns. */
export function table<T>(rows: readonly T[], columns: readonly Column<T>[], wide: boolean): string {
  const shown = columns.filter((c) => wide || !c.wide)
  const cells = rows.map((row) => shown.map((c) => c.value(row).replace(/\s+/g, ' ')))
  const widths = shown.map((c, i) => Math.max(c.header.length, ...cells.map((r) => r[i].length)))
  const line = (values: readonly string[]) =>
    values
      .map((v, i) => (i === values.length - 1 ? v : v.padEnd(widths[i])))
      .join('   ')
      .trimEnd()
  return [line(shown.map((c) => c.header)), ...cells.map(line)].join('\n') + '\n'
}

/** Prints `rows` in `format`: the table, or the rows themselves as JSON / YAML. */
export function printRows<T>(out: Out, rows: readonly T[], columns: readonly Column<T>[], format: OutputFormat): void {
  if (format === 'json') out.write(`${JSON.stringify(rows, null, 2)}\n`)
  else if (format === 'yaml') out.write(yamlText(rows))
  else if (rows.length === 0) out.write('nothing found\n')
  else out.write(table(rows, columns, format === 'wide'))
}

/** A time as people read it here: local, to the second. */
export function timeText(ms: number): string {
  if (!ms) return '-'
  const d = new Date(ms)
  const two = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`
}
