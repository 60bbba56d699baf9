import { afterAll, beforeAll } from 'vitest'
import { startHeadlessChild, type HeadlessChild } from './headless-child'
import { runJobdesk, type CliResult } from './jobdesk-cli'
import { makeTempDir } from './temp-dir'

export interface CliAgainstServer {
  /** The built `jobdesk args…`, run in the test's folder against the server with its API token. */
  jobdesk(args: string[]): Promise<CliResult>
  /** The server (started in the file's beforeAll). */
  readonly server: HeadlessChild
  /** The folder the CLI runs in, for the definition files a test writes. */
  readonly dir: string
  readonly token: string
}

/**
 * The frame of a CLI test: a real headless server with an API token, started once for the file
 * (call at the file's top level: it registers the beforeAll and afterAll), and the CLI run against
 * it from a fresh folder, in the time zone `tz` (what the CLI prints local times in).
 */
export function cliAgainstServer(name: string, options: { tz: string; extraArgs?: string[] }): CliAgainstServer {
  const token = `${name}-cli-api-token-0123456789`
  const folder = makeTempDir(`jobdesk-${name}-`)
  let server: HeadlessChild | undefined
  beforeAll(async () => {
    server = await startHeadlessChild({ extraArgs: ['--api-token', token, ...(options.extraArgs ?? [])] })
  }, 120_000)
  afterAll(async () => {
    await server?.dispose()
    folder.remove()
  })
  return {
    jobdesk: (args) => runJobdesk(args, folder.path, { JOBDESK_SERVER: server!.origin, JOBDESK_API_TOKEN: token, TZ: options.tz }),
    get server() {
      return server!
    },
    dir: folder.path,
    token,
  }
}
