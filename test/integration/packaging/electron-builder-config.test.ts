import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// The installer configuration (electron-builder.json), checked as electron-builder itself reads and
// validates it: its own loader (package.json "build" merged in) and its own JSON schema
// (app-builder-lib/scheme.json). Building an installer needs the Electron binary for each target,
// which this machine cannot download; docs/installer.md says how to build one with internet.

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..')
const require = createRequire(import.meta.url)
const { getConfig, validateConfiguration } = require('app-builder-lib/out/util/config/config') as {
  getConfig(projectDir: string, configPath: string | null, configFromOptions: object | null): Promise<BuilderConfig>
  validateConfiguration(config: object, debugLogger: { isEnabled: boolean; add(key: string, value: unknown): void }): Promise<void>
}
const noDebug = { isEnabled: false, add: () => {} }

interface BuilderConfig {
  appId: string
  files: { filter: string[] }[]
  asar: boolean
  asarUnpack: string[]
  npmRebuild: boolean
  linux: { target: string[]; [key: string]: unknown }
  win: { target: string[] }
  mac: { target: string[] }
  [key: string]: unknown
}

describe('the installer configuration', () => {
  it('passes electron-builder’s own schema', async () => {
    const config = await getConfig(ROOT, null, null)
    await expect(validateConfiguration(config, noDebug)).resolves.toBeUndefined()
  })

  it('is refused by that schema when an option is misspelled (the check checks)', async () => {
    const config = await getConfig(ROOT, null, null)
    await expect(validateConfiguration({ ...config, linux: { ...config.linux, targets: ['AppImage'] } }, noDebug)).rejects.toThrow(
      /does not match the API schema[\s\S]*configuration\.linux/,
    )
  })

  it('builds AppImage and deb for Linux, an NSIS installer for Windows and a dmg for macOS', async () => {
    const config = await getConfig(ROOT, null, null)
    expect(config.linux.target).toEqual(['AppImage', 'deb'])
    expect(config.win.target).toEqual(['nsis'])
    expect(config.mac.target).toEqual(['dmg'])
  })

  it('packs the built app with better-sqlite3 built for Electron beside it, and leaves node_modules built for Node', async () => {
    const config = await getConfig(ROOT, null, null)
    const packageJson = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { main: string }
    expect(packageJson.main).toBe('out/main/index.js')
    expect(config.files.flatMap((set) => set.filter)).toEqual(expect.arrayContaining(['out/**/*', '!out/**/*.map', '.electron-abi/*/better_sqlite3.node']))
    // Worker threads and the native addon are loaded from real files next to the archive.
    expect(config.asar).toBe(true)
    expect(config.asarUnpack).toEqual(expect.arrayContaining(['out/main/**', '.electron-abi/**']))
    // Rebuilding node_modules in place for Electron would break the tests and headless mode (docs/development.md#native-sqlite-for-electron).
    expect(config.npmRebuild).toBe(false)
    // The entries the packed app starts from (npm test builds before it runs this).
    for (const file of ['out/main/index.js', 'out/main/core.js', 'out/preload/index.cjs', 'out/renderer/index.html']) {
      expect(existsSync(join(ROOT, file)), file).toBe(true)
    }
  })
})
