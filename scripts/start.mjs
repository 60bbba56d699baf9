// `npm start`: builds and opens the desktop app. Where the Electron binary is missing (it could not
// be downloaded at install), says so in one sentence and points to headless mode — no stack trace.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)

function electronBinary() {
  try {
    const path = require('electron') // under plain Node this is the binary's path, or it throws
    return typeof path === 'string' && existsSync(path) ? path : null
  } catch {
    return null
  }
}

if (!electronBinary()) {
  console.error(
    'JobDesk cannot open its desktop window because the Electron binary is not installed on this machine; run `npm run serve` to start JobDesk in headless mode and use it in your browser instead.',
  )
  process.exit(1)
}

// better-sqlite3 in node_modules is built for Node (tests, headless mode); Electron needs its own copy.
const abi = spawnSync(process.execPath, ['scripts/build-electron-sqlite.mjs'], { stdio: 'inherit' })
if (abi.status !== 0) process.exit(abi.status ?? 1)

const result = spawnSync('npx', ['electron-vite', 'preview', ...process.argv.slice(2)], { stdio: 'inherit' })
process.exit(result.status ?? 1)
