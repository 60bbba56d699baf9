// Fetches the Electron binary after install. package.json denies electron's own install script
// (allowScripts) because on a machine without internet its failure would make `npm ci` roll back
// everything; here a failure is only a warning, and headless mode still works without the binary.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)

function electronDir() {
  try {
    return require.resolve('electron/package.json').replace(/package\.json$/, '')
  } catch {
    return null
  }
}

const dir = electronDir()
if (!dir) process.exit(0)
if (process.env.ELECTRON_SKIP_BINARY_DOWNLOAD === '1') {
  console.log('jobdesk: ELECTRON_SKIP_BINARY_DOWNLOAD=1, not fetching the Electron binary (headless mode still works).')
  process.exit(0)
}
if (existsSync(`${dir}path.txt`)) process.exit(0)

const result = spawnSync(process.execPath, [`${dir}install.js`], { stdio: 'pipe', timeout: 120_000 })
if (result.status !== 0) {
  console.warn('jobdesk: could not download the Electron binary; `npm start` will explain how to use headless mode (`npm run serve`).')
}
