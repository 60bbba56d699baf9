// Builds a copy of better-sqlite3's addon for Electron's ABI into .electron-abi/ (gitignored), once.
// node_modules stays built for Node, so tests and headless mode keep working (docs/development.md#native-sqlite-for-electron). The
// Electron shell passes the copy to better-sqlite3 through its `nativeBinding` option.
import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, resolve } from 'node:path'

const require = createRequire(import.meta.url)
const root = resolve(import.meta.dirname, '..')
const electronVersion = JSON.parse(readFileSync(require.resolve('electron/package.json'), 'utf8')).version
const outDir = join(root, '.electron-abi', electronVersion)
const addon = join(outDir, 'better_sqlite3.node')
if (existsSync(addon)) process.exit(0)

console.log(`jobdesk: building better-sqlite3 for Electron ${electronVersion} (once, about a minute)…`)
const work = join(root, '.electron-abi', 'build')
rmSync(work, { recursive: true, force: true })
mkdirSync(work, { recursive: true })
cpSync(join(root, 'node_modules', 'better-sqlite3'), join(work, 'better-sqlite3'), { recursive: true })

// This machine's npm config sets nodedir=/usr, which silently builds against Node's headers instead.
const env = { ...process.env }
for (const key of Object.keys(env)) if (key.toLowerCase() === 'npm_config_nodedir') delete env[key]
const gyp = spawnSync(
  'npx',
  ['node-gyp', 'rebuild', '--release', `--target=${electronVersion}`, '--runtime=electron', '--dist-url=https://electronjs.org/headers'],
  { cwd: join(work, 'better-sqlite3'), stdio: 'inherit', env },
)
if (gyp.status !== 0) {
  console.error('jobdesk: building better-sqlite3 for Electron failed (see above); `npm run serve` still works.')
  process.exit(1)
}
mkdirSync(outDir, { recursive: true })
cpSync(join(work, 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node'), addon)
rmSync(work, { recursive: true, force: true })
