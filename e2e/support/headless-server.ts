import { test } from '@playwright/test'
import { START_TIMEOUT_MS, STOP_TIMEOUT_MS, startHeadlessServer, type HeadlessOptions, type HeadlessServer } from '../../test/support/headless-process'

export type { HeadlessServer } from '../../test/support/headless-process'

/**
 * One headless server for the test file that calls this (at top level): started before its first
 * test, stopped after its last. Returns a getter because the server exists only once started.
 */
export function useHeadlessServer(options: HeadlessOptions = {}): () => HeadlessServer {
  let server: HeadlessServer | null = null
  test.beforeAll(async () => {
    test.setTimeout(START_TIMEOUT_MS + 10_000)
    server = await startHeadlessServer(options)
  })
  test.afterAll(async () => {
    test.setTimeout(STOP_TIMEOUT_MS + 10_000)
    await server?.stop()
    server = null
  })
  return () => {
    if (!server) throw new Error('the headless server is not running (useHeadlessServer must be called at the top of the file)')
    return server
  }
}
