import { existsSync } from 'node:fs'

/** Debian's Chromium (docs/development.md#browsers-for-tests: Playwright never downloads browsers here). */
export const CHROMIUM = '/usr/bin/chromium'

/**
 * Debian's old headless shell (package chromium-headless-shell, the same Blink as chromium) when it is
 * installed, as Playwright itself does for headless runs: the full browser's headless mode also runs
 * its browser UI layer, and the whole end-to-end suite took 7.0-7.6 minutes with it against 4.9-5.6 in
 * the shell. Without the shell, the full browser. The browser benchmarks keep CHROMIUM so their
 * figures stay comparable with earlier runs.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell'
export const HEADLESS_CHROMIUM = existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM

/** The launch arguments the end-to-end tests and the browser benchmarks both use. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
