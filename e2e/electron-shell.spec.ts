import { _electron as electron, expect, test } from '@playwright/test'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { API_METHODS } from '../src/shared/api-methods'

/** The Electron binary when installed: under plain Node, `require('electron')` is its path, or throws. */
function electronBinary(): string | null {
  try {
    const path = createRequire(import.meta.url)('electron') as unknown
    return typeof path === 'string' && existsSync(path) ? path : null
  } catch {
    return null
  }
}

const binary = electronBinary()

test.describe('the desktop shell', () => {
  test.skip(binary === null, 'the Electron binary is not installed on this machine; headless mode covers the console')

  test('opens a sandboxed window without Node that shows the demo jobs', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'jobdesk-electron-'))
    const app = await electron.launch({ executablePath: binary!, args: ['.', `--data-dir=${dataDir}`] })
    try {
      const window = await app.firstWindow()
      // No Node in the page; the preload exposes exactly the API's methods and the event subscription.
      const page = await window.evaluate(() => ({
        require: typeof (globalThis as { require?: unknown }).require,
        process: typeof (globalThis as { process?: unknown }).process,
        bridge: Object.keys((globalThis as { jobdesk?: object }).jobdesk ?? {}).sort(),
      }))
      expect(page.require).toBe('undefined')
      expect(page.process).toBe('undefined')
      expect(page.bridge).toEqual([...API_METHODS, 'onEvent'].sort())
      await expect(window.getByText('Demo: hello every 2 seconds')).toBeVisible()
    } finally {
      await app.close()
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
