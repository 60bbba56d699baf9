/**
 * How every benchmark reports: each figure printed beside its same-run reference and its target,
 * and the whole run written as JSON to bench/results/<full|quick>/<key>.json (gitignored) when run
 * by the suite (`npm run bench`, which sets BENCH_SUITE=1), else to bench/results/adhoc/ — so neither
 * a quick run nor a benchmark run by hand with its own options overwrites the suite's full-size
 * figures, which `npm run bench -- --table` (bench/results-table.ts) turns into the table of docs/benchmarks.md.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { availableParallelism, loadavg, totalmem } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { QUICK } from './cli'

export const RESULTS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'results')

/** docs/benchmarks.md#judging: fail only when a target is missed by more than 25 % (VM noise). */
export const NOISE_TOLERANCE = 0.25

export interface Target {
  op: '<=' | '>='
  value: number
  /** What the target bounds: the figure itself (default) or its ratio to the reference. */
  on?: 'value' | 'ratio'
}

export interface FigureInput {
  name: string
  value: number
  unit: string
  reference?: { name: string; value: number }
  target?: Target
}

/** pass: meets the target; noise: misses it by ≤ 25 %; miss: by more; info: reported only. */
export type Verdict = 'pass' | 'noise' | 'miss' | 'info'

export interface Figure extends FigureInput {
  ratio: number | null
  verdict: Verdict
}

export interface MachineInfo {
  cpu: string
  cores: number
  memoryGb: number
  node: string
  loadAverageAtStart: number[]
}

export interface BenchResultFile {
  key: string
  title: string
  mode: 'quick' | 'full'
  startedAt: string
  finishedAt: string
  seconds: number
  machine: MachineInfo
  params: Record<string, unknown>
  figures: Figure[]
  notes: string[]
  skipped: { what: string; why: string }[]
  /** Raw series kept for a closer look (B8's heap and RSS over time). */
  series: Record<string, unknown>
}

export function describeMachine(): MachineInfo {
  let cpu = 'unknown CPU'
  try {
    cpu = /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1]?.trim() ?? cpu
  } catch {
    // not Linux
  }
  return {
    cpu,
    cores: availableParallelism(),
    memoryGb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    loadAverageAtStart: loadavg().map((x) => +x.toFixed(2)),
  }
}

export function verdictOf(value: number, ratio: number | null, target: Target | undefined): Verdict {
  if (!target) return 'info'
  const measured = target.on === 'ratio' ? ratio : value
  if (measured === null || Number.isNaN(measured)) return 'miss'
  const meets = target.op === '<=' ? measured <= target.value : measured >= target.value
  if (meets) return 'pass'
  const slack = target.op === '<=' ? measured <= target.value * (1 + NOISE_TOLERANCE) : measured >= target.value * (1 - NOISE_TOLERANCE)
  return slack ? 'noise' : 'miss'
}

/** A figure's ratio to its reference and its verdict against its target. */
export function judge(input: FigureInput): { ratio: number | null; verdict: Verdict } {
  const ratio =
    input.reference && input.reference.value !== 0 && Number.isFinite(input.reference.value) && Number.isFinite(input.value)
      ? input.value / input.reference.value
      : null
  // A reference of 0 (a peer that fired nothing) makes any positive value infinitely larger: judge it so.
  const judged = ratio === null && input.reference?.value === 0 && input.value > 0 ? Number.POSITIVE_INFINITY : ratio
  return { ratio, verdict: verdictOf(input.value, judged, input.target) }
}

/** A number for a table: thousands separated, fewer decimals the larger it is. */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return '–'
  const abs = Math.abs(value)
  const digits = abs >= 100 ? 0 : abs >= 10 ? 1 : abs >= 1 ? 2 : 3
  return value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: 0 })
}

export function formatTarget(target: Target | undefined, unit: string): string {
  if (!target) return ''
  const op = target.op === '<=' ? '≤' : '≥'
  return target.on === 'ratio' ? `${op} ${formatNumber(target.value)}× ref` : `${op} ${formatNumber(target.value)}${unit ? ` ${unit}` : ''}`
}

const VERDICT_TEXT: Record<Verdict, string> = { pass: 'pass', noise: 'near (≤25 %)', miss: 'MISS', info: '' }

export class BenchResult {
  private readonly figures: Figure[] = []
  private readonly notes: string[] = []
  private readonly skipped: { what: string; why: string }[] = []
  private readonly series: Record<string, unknown> = {}
  /** The benchmark process's start: some benchmarks create their report only once they have measured. */
  private readonly startedAt = new Date(Date.now() - process.uptime() * 1000)
  private readonly machine = describeMachine()

  constructor(
    readonly key: string,
    readonly title: string,
    readonly params: Record<string, unknown> = {},
  ) {
    console.log(`${title}${QUICK ? '  [quick: small sizes, figures not judged]' : ''}`)
    if (Object.keys(params).length > 0) console.log(`  params: ${JSON.stringify(params)}`)
  }

  section(text: string): void {
    console.log(`\n ${text}`)
  }

  figure(input: FigureInput): Figure {
    const figure: Figure = { ...input, ...judge(input) }
    this.figures.push(figure)
    const value = `${formatNumber(input.value)}${input.unit ? ` ${input.unit}` : ''}`
    const target = input.target ? `target ${formatTarget(input.target, input.unit)}` : ''
    const reference = input.reference
      ? `ref ${input.reference.name} ${formatNumber(input.reference.value)} → ${figure.ratio === null ? '–' : formatNumber(figure.ratio)}×`
      : ''
    console.log(`  ${input.name.padEnd(46)} ${value.padStart(13)}   ${target.padEnd(22)} ${VERDICT_TEXT[figure.verdict].padEnd(13)} ${reference}`.trimEnd())
    return figure
  }

  note(text: string): void {
    this.notes.push(text)
    console.log(`  note: ${text}`)
  }

  /** A part that could not run (a peer not installed, a browser missing): said, never faked. */
  skip(what: string, why: string): void {
    this.skipped.push({ what, why })
    console.log(`  SKIPPED ${what}: ${why}`)
  }

  /** Keeps a raw series in the JSON result (not printed). */
  attach(name: string, data: unknown): void {
    this.series[name] = data
  }

  save(): string {
    const finishedAt = new Date()
    const file: BenchResultFile = {
      key: this.key,
      title: this.title,
      mode: QUICK ? 'quick' : 'full',
      startedAt: this.startedAt.toISOString(),
      finishedAt: finishedAt.toISOString(),
      seconds: Math.round((finishedAt.getTime() - this.startedAt.getTime()) / 100) / 10,
      machine: this.machine,
      params: this.params,
      figures: this.figures,
      notes: this.notes,
      skipped: this.skipped,
      series: this.series,
    }
    const dir = join(RESULTS_DIR, process.env.BENCH_SUITE === '1' ? file.mode : 'adhoc')
    mkdirSync(dir, { recursive: true })
    const path = join(dir, `${this.key}.json`)
    writeFileSync(path, `${JSON.stringify(file, null, 2)}\n`)
    const missed = this.figures.filter((f) => f.verdict === 'miss').length
    console.log(
      `  → ${path} (${this.figures.length} figures, ${missed} targets missed by > 25 %${this.skipped.length ? `, ${this.skipped.length} parts skipped` : ''}, ${file.seconds} s)`,
    )
    return path
  }
}
