/** The command line every benchmark shares: `--quick` (small sizes, for `npm run bench -- --quick`) and `--name value` overrides. */
const argv = process.argv.slice(2)

/** Small sizes so a broken benchmark is noticed in seconds; the figures are not judged. */
export const QUICK = argv.includes('--quick') || process.env.BENCH_QUICK === '1'

/** `--name value` or `--name=value`, or undefined. */
export function option(name: string): string | undefined {
  const inline = argv.find((arg) => arg.startsWith(`--${name}=`))
  if (inline) return inline.slice(name.length + 3)
  const at = argv.indexOf(`--${name}`)
  return at >= 0 && at + 1 < argv.length && !argv[at + 1].startsWith('--') ? argv[at + 1] : undefined
}

/** `--name 1,2,3` as numbers, else `quick` / `full` by mode. */
export function numbers(name: string, full: number[], quick: number[]): number[] {
  const text = option(name)
  if (text === undefined) return QUICK ? quick : full
  const parsed = text.split(',').map(Number)
  if (parsed.some((n) => !Number.isFinite(n) || n < 0)) throw new Error(`--${name}: expected numbers separated by commas, got '${text}'`)
  return parsed
}

/** `--name N`, else `quick` / `full` by mode. */
export function number(name: string, full: number, quick: number): number {
  return numbers(name, [full], [quick])[0]
}

export function flag(name: string): boolean {
  return argv.includes(`--${name}`)
}
