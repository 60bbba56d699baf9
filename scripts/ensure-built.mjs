// `npm run serve` (and `executor`, `import-xxl`): builds the app only when its sources changed since
// the last build, then the script runs the built entry. A rebuild took ~20 s on a loaded machine
// before every start; now a start whose sources are as built goes straight to `node out/main/…`.
//
// "As built" is a fingerprint of the build's inputs — the content of every source file under src/
// (tests left out: no entry imports them), the build's config, package.json and its lock — that the
// build writes into out/ once it succeeded. A clean checkout has no stamp, so it builds; an edit, a
// `git pull`, an `npm install` that changes the lock rebuilds; a touch without a change does not.
// `--force` builds whatever the stamp says (`npm run build`).
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

const STAMP_FILE = 'build-stamp.json'
/** What the stamp's format is: a stamp of another format is no stamp. */
const STAMP_FORMAT = 1
/** Besides src/: what else the build reads. */
const CONFIG_INPUTS = ['electron.vite.config.ts', 'package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.node.json', 'tsconfig.web.json']
/** The built files the npm scripts run: one missing (a build cut short, out/ removed) means a build. */
export const BUILT_ENTRIES = ['out/main/serve.js', 'out/main/executor-agent.js', 'out/main/import-xxl.js', 'out/main/cli.js']

/** Whether a file under src/ is an input of the build (test files are not: no entry imports them). */
export function isBuildInput(path) {
  return !/\.test\.tsx?$/.test(path)
}

/**
 * The fingerprint of the build's inputs: a hash over each file's path and content, in path order
 * (the order a directory lists them in differs between machines), so the same sources give the same
 * fingerprint anywhere and any change of a path or a byte gives another.
 */
export function fingerprintOf(files) {
  const hash = createHash('sha256')
  for (const { path, content } of [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) {
    const bytes = typeof content === 'string' ? Buffer.from(content) : content
    hash.update(`${path}\0${bytes.length}\0`)
    hash.update(bytes)
  }
  return hash.digest('hex')
}

/**
 * Whether to build: when asked to, when a built entry is missing, when there is no stamp (a clean
 * checkout, a build by other means) or it is unreadable, and when the sources' fingerprint is not the
 * stamp's. The reason is printed, so a rebuild never comes unexplained.
 */
export function buildDecision({ force, stampText, fingerprint, missingEntries }) {
  if (force) return { build: true, reason: 'a build was asked for' }
  if (missingEntries.length > 0) return { build: true, reason: `${missingEntries[0]} is missing` }
  if (stampText === null) return { build: true, reason: 'no build of these sources yet' }
  let stamp
  try {
    stamp = JSON.parse(stampText)
  } catch {
    return { build: true, reason: 'the build stamp is unreadable' }
  }
  if (stamp?.format !== STAMP_FORMAT || typeof stamp.fingerprint !== 'string') return { build: true, reason: 'the build stamp is of another format' }
  if (stamp.fingerprint !== fingerprint) return { build: true, reason: 'the sources changed since the last build' }
  return { build: false, reason: 'the build is current' }
}

export function stampTextOf(fingerprint, builtAtMs) {
  return `${JSON.stringify({ format: STAMP_FORMAT, fingerprint, builtAt: new Date(builtAtMs).toISOString() })}\n`
}

function sourceFiles(repo) {
  const files = []
  const walk = (dir) => {
    for (const item of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, item.name)
      if (item.isDirectory()) walk(path)
      else if (isBuildInput(path)) files.push({ path: relative(repo, path).split(sep).join('/'), content: readFileSync(path) })
    }
  }
  walk(join(repo, 'src'))
  for (const name of CONFIG_INPUTS) {
    const path = join(repo, name)
    if (existsSync(path)) files.push({ path: name, content: readFileSync(path) })
  }
  return files
}

/** One build at a time per checkout (two `npm run serve` at once, or with the tests'); the lock lives outside out/, which a build empties. */
function withBuildLock(repo, work) {
  const lock = join(tmpdir(), `jobdesk-build-lock-${createHash('sha256').update(repo).digest('hex').slice(0, 12)}`)
  // A lock older than any build is left over from a killed run.
  if (existsSync(lock) && statSync(lock).mtimeMs < Date.now() - 300_000) rmSync(lock, { recursive: true, force: true })
  const waitUntil = Date.now() + 300_000
  for (;;) {
    try {
      mkdirSync(lock)
      break
    } catch {
      if (Date.now() > waitUntil) throw new Error(`another build holds ${lock}; remove it if no build is running`)
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 250)
    }
  }
  try {
    return work()
  } finally {
    rmSync(lock, { recursive: true, force: true })
  }
}

function main() {
  const repo = fileURLToPath(new URL('..', import.meta.url))
  const force = process.argv.includes('--force')
  const decide = () => {
    // Read before the build: an edit made while it runs is not stamped as built.
    const fingerprint = fingerprintOf(sourceFiles(repo))
    const stampPath = join(repo, 'out', STAMP_FILE)
    const stampText = existsSync(stampPath) ? readFileSync(stampPath, 'utf8') : null
    const missingEntries = BUILT_ENTRIES.filter((entry) => !existsSync(join(repo, entry)))
    return { fingerprint, stampPath, decision: buildDecision({ force, stampText, fingerprint, missingEntries }) }
  }
  if (!decide().decision.build) return 0
  return withBuildLock(repo, () => {
    // Another start may have built while this one waited for the lock.
    const { fingerprint, stampPath, decision } = decide()
    if (!decision.build) return 0
    console.error(`jobdesk: building (${decision.reason})…`)
    const built = spawnSync('npx', ['electron-vite', 'build', '--logLevel', 'warn'], { cwd: repo, stdio: 'inherit' })
    if (built.status !== 0) return built.status ?? 1
    writeFileSync(stampPath, stampTextOf(fingerprint, Date.now()))
    return 0
  })
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) process.exit(main())
