import { afterEach, describe, expect, it } from 'vitest'
import { assembleCore, type CoreParts } from '../../../src/main/app/core'
import { startHeadless, type Headless } from '../../../src/main/app/headless'
import { silentLogger } from '../../../src/main/kernel/logger'
import { makeTempDir } from '../../support/temp-dir'

const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

describe('the settings say how JobDesk runs', () => {
  it('headless mode: mode headless and the console token the printed address carries', async () => {
    const dir = makeTempDir()
    cleanups.push(() => dir.remove())
    const headless: Headless<CoreParts> = await startHeadless(
      { dataDir: dir.path, host: '127.0.0.1', port: 0, logger: silentLogger, seedDemo: false },
      assembleCore,
    )
    cleanups.push(() => headless.stop())
    const settings = await headless.core.api.getSettings()
    expect(settings.mode).toBe('headless')
    expect(settings.consoleToken).toBe(headless.consoleToken)
    expect(headless.url).toContain(`#token=${settings.consoleToken}`)
  })

  it('headless mode with --console-token: that token', async () => {
    const dir = makeTempDir()
    cleanups.push(() => dir.remove())
    const headless = await startHeadless(
      { dataDir: dir.path, host: '127.0.0.1', port: 0, logger: silentLogger, seedDemo: false, consoleToken: 'given-console-token' },
      assembleCore,
    )
    cleanups.push(() => headless.stop())
    expect((await headless.core.api.getSettings()).consoleToken).toBe('given-console-token')
  })

  it('the desktop core: mode desktop and no console token (the window needs none)', async () => {
    const dir = makeTempDir()
    cleanups.push(() => dir.remove())
    const core = await assembleCore({ dataDir: dir.path, logger: silentLogger, seedDemo: false })
    cleanups.push(() => core.stop())
    expect(await core.api.getSettings()).toMatchObject({ mode: 'desktop', consoleToken: null })
  })
})
