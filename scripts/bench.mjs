// `npm run bench`: the benchmark suite of bench/ (docs/benchmarks.md, issue 14), one benchmark after
// another, each printing its figures beside a reference measured in the same run and its target, and
// writing bench/results/<full|quick>/<key>.json. Not part of `npm test`.
//   npm run bench                      full sizes (docs/benchmarks.md's; B8 runs 10 minutes)
//   npm run bench -- --quick           every benchmark at a small size (a broken one is noticed; figures not judged)
//   npm run bench -- b3 b10            only the benchmarks whose file name contains one of these
//   npm run bench -- --table [--write] the latest results as docs/benchmarks.md's table (--write puts it there)
//   --no-build                         use out/ as it is (default: rebuild when src/ is newer)
//   --strict                           exit 1 when a target is missed by more than 25 % (default: only when a benchmark fails to run)
//   --before DIR[,DIR…]                earlier builds (a built checkout of an earlier commit) run beside today's, passed to
//                                      the benchmarks that take it (B1, B11)
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'

const args = process.argv.slice(2)
const quick = args.includes('--quick')
const beforeAt = args.indexOf('--before')
/** `--before DIR` is handed on as it is; its value is not a benchmark name. */
const passOn = beforeAt >= 0 && beforeAt + 1 < args.length ? args.slice(beforeAt, beforeAt + 2) : []
const only = args.filter((a, i) => !a.startsWith('--') && !(passOn.length > 0 && i === beforeAt + 1))

if (args.includes('--table')) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'bench/results-table.ts', ...args.filter((a) => a === '--write')], { stdio: 'inherit' })
  process.exit(result.status ?? 1)
}

/**
 * file, full-size arguments, quick arguments (null: full runs only — in a quick run a sibling variant
 * of the same file covers its code), and whether it needs the built product (out/).
 */
const SUITE = [
  { file: 'bench/b1-b2-headless.ts', full: [], quick: [], build: true },
  { file: 'bench/b1-cluster.ts', full: [], quick: [], build: true },
  { file: 'bench/b3-scan-cost.ts', full: [], quick: [] },
  { file: 'bench/b3b-lock-hold.ts', full: [], quick: [], build: true },
  { file: 'bench/b4-executor-http.ts', full: [], quick: ['--rounds', '1', '--seconds', '1'] },
  { file: 'bench/b4-executor-http.ts', full: ['--core', 'real-packed'], quick: null },
  { file: 'bench/b4-admin-lan.ts', full: ['4', 'files'], quick: null },
  { file: 'bench/b4-admin-lan.ts', full: ['4', 'packed'], quick: ['1', 'packed'] },
  { file: 'bench/b4-admin-lan.ts', full: ['4', 'stub'], quick: ['1', 'stub'] },
  { file: 'bench/b5-callback-ingestion.ts', full: [], quick: ['5000'] },
  { file: 'bench/b6-log-tail.ts', full: [], quick: [], build: true },
  { file: 'bench/b7-render-table.ts', full: [], quick: ['1000'], build: true },
  { file: 'bench/b7-render-dag.ts', full: [], quick: ['100', '10'], build: true },
  { file: 'bench/b7-render-log.ts', full: [], quick: ['2000'], build: true },
  { file: 'bench/b8-memory.ts', full: [], quick: [], build: true },
  { file: 'bench/b9-cold-start.ts', full: [], quick: [], build: true },
  { file: 'bench/b10-peers.ts', full: [], quick: [], build: true },
  { file: 'bench/b11-console-at-scale.ts', full: [], quick: [], build: true },
  { file: 'bench/b12-sign-in-burst.ts', full: [], quick: [], build: true },
  { file: 'bench/b13-flow-steps.ts', full: [], quick: [] },
  { file: 'bench/b14-chain-steps.ts', full: [], quick: [] },
  { file: 'bench/flow-graph-scale.ts', full: [], quick: [] },
]
/** A backstop only: every benchmark stops by itself well before this. */
const TIMEOUT_MS = quick ? 180_000 : 30 * 60_000

function newestMtime(dir) {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs)
  }
  return newest
}

function ensureBuilt() {
  const entry = 'out/main/serve.js'
  if (args.includes('--no-build') && existsSync(entry)) return
  if (existsSync(entry) && statSync(entry).mtimeMs >= newestMtime('src')) return
  console.log('== building the product (npx electron-vite build), src/ is newer than out/')
  const result = spawnSync('npx', ['electron-vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' })
  if (result.status !== 0) throw new Error('the build failed; the benchmarks of the built product cannot run')
}

/** Runs one benchmark in its own process group, so a timeout ends everything it started. */
function run(bench) {
  return new Promise((resolve) => {
    const env = { ...process.env, BENCH_SUITE: '1', ...(quick ? { BENCH_QUICK: '1' } : {}) }
    const child = spawn(process.execPath, ['--import', 'tsx', bench.file, ...(quick ? bench.quick : bench.full), ...passOn], {
      stdio: 'inherit',
      env,
      detached: true,
    })
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      console.log(`\n== ${bench.file}: still running after ${TIMEOUT_MS / 1000} s, stopping it`)
      process.kill(-child.pid, 'SIGTERM')
      setTimeout(() => child.exitCode === null && process.kill(-child.pid, 'SIGKILL'), 15_000).unref()
    }, TIMEOUT_MS)
    const onInterrupt = () => process.kill(-child.pid, 'SIGTERM')
    process.once('SIGINT', onInterrupt)
    child.once('exit', (code, signal) => {
      clearTimeout(timer)
      process.removeListener('SIGINT', onInterrupt)
      resolve({ code: timedOut ? 'timeout' : (code ?? signal) })
    })
  })
}

function wroteResultSince(sinceMs) {
  const dir = join('bench/results', quick ? 'quick' : 'full')
  return existsSync(dir) && readdirSync(dir).some((name) => statSync(join(dir, name)).mtimeMs >= sinceMs)
}

/** Targets missed by more than the noise allowance in the results written since `sinceMs`. */
function missesSince(sinceMs) {
  const dir = join('bench/results', quick ? 'quick' : 'full')
  if (!existsSync(dir)) return []
  const misses = []
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.json'))) {
    const result = JSON.parse(readFileSync(join(dir, name), 'utf8'))
    if (Date.parse(result.startedAt) < sinceMs) continue
    for (const figure of result.figures) if (figure.verdict === 'miss') misses.push(`${result.key}: ${figure.name}`)
  }
  return misses
}

const suiteStart = Date.now()
const selected = SUITE.filter((bench) => (!quick || bench.quick) && (only.length === 0 || only.some((name) => bench.file.includes(name))))
if (selected.some((bench) => bench.build)) ensureBuilt()
const rows = []
for (const bench of selected) {
  const label = `${bench.file} ${(quick ? bench.quick : bench.full).join(' ')}`.trim()
  console.log(`\n== ${label}${quick ? '  (quick)' : ''}`)
  const started = Date.now()
  const { code } = await run(bench)
  // A benchmark that exits 0 without writing its result broke somewhere too.
  rows.push({ label, seconds: (Date.now() - started) / 1000, code: code === 0 && !wroteResultSince(started) ? 'no result written' : code })
}
console.log(`\n== ${quick ? 'quick ' : ''}suite: ${rows.length} benchmarks in ${((Date.now() - suiteStart) / 1000).toFixed(0)} s`)
for (const row of rows) console.log(`  ${row.code === 0 ? 'ran   ' : `FAILED (${row.code})`}  ${row.seconds.toFixed(1).padStart(6)} s  ${row.label}`)
const misses = missesSince(suiteStart)
if (misses.length > 0)
  console.log(`  ${misses.length} targets missed by more than 25 %${quick ? ' (quick sizes: not judged)' : ''}:\n    ${misses.join('\n    ')}`)
const failed = rows.filter((row) => row.code !== 0).length
process.exit(failed > 0 || (args.includes('--strict') && !quick && misses.length > 0) ? 1 : 0)
