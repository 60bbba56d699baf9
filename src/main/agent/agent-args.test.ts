import { describe, expect, it } from 'vitest'
import { UsageError } from '../kernel/command-line'
import { DEFAULT_LOG_PATH, parseAgentArgs } from './agent-args'

const base = ['--admin', 'http://10.0.0.2:8080/xxl-job-admin', '--token', 'T', '--app', 'sales-etl']

function usageError(argv: string[], env: NodeJS.ProcessEnv = {}): string {
  try {
    parseAgentArgs(argv, env)
  } catch (error) {
    if (error instanceof UsageError) return error.message
    throw error
  }
  throw new Error('expected a UsageError')
}

describe('parseAgentArgs', () => {
  it('fills XXL-like defaults', () => {
    expect(parseAgentArgs(base)).toEqual({
      adminAddresses: ['http://10.0.0.2:8080/xxl-job-admin'],
      accessToken: 'T',
      appName: 'sales-etl',
      port: 9999,
      host: '127.0.0.1',
      address: null,
      handlerDirs: [],
      logPath: DEFAULT_LOG_PATH,
      logRetentionDays: 30,
      enableScripts: false,
      httpAllowPrefixes: [],
      adminGeneration: 'auto',
      beatIntervalMs: 30_000,
      callbackRetryMs: 30_000,
      runLogLayout: 'files',
    })
  })

  it('reads every option', () => {
    const config = parseAgentArgs([
      '--admin',
      'http://a:8080/xxl-job-admin, http://b:8080/',
      '--token',
      'T',
      '--app',
      'etl',
      '--port',
      '19999',
      '--host',
      '127.0.0.1',
      '--address',
      'http://10.0.0.9:19999/',
      '--handlers',
      '/srv/h1',
      '--handlers',
      '/srv/h2',
      '--log-path',
      '/var/log/jd',
      '--log-retention-days',
      '7',
      '--enable-scripts',
      '--http-allow',
      'http://intranet/,https://api.lan/v1',
      '--admin-generation',
      'g2',
      '--beat-interval-ms',
      '5000',
      '--callback-retry-ms',
      '2000',
      '--run-log-layout',
      'packed',
    ])
    expect(config).toMatchObject({
      adminAddresses: ['http://a:8080/xxl-job-admin', 'http://b:8080/'],
      port: 19_999,
      host: '127.0.0.1',
      address: 'http://10.0.0.9:19999/',
      handlerDirs: ['/srv/h1', '/srv/h2'],
      logPath: '/var/log/jd',
      logRetentionDays: 7,
      enableScripts: true,
      httpAllowPrefixes: ['http://intranet/', 'https://api.lan/v1'],
      adminGeneration: 'g2',
      beatIntervalMs: 5000,
      callbackRetryMs: 2000,
      runLogLayout: 'packed',
    })
    expect(parseAgentArgs([...base, '--http-allow', 'any'])).toMatchObject({ httpAllowPrefixes: 'any' })
  })

  it('takes the token from the environment when the flag is absent', () => {
    expect(parseAgentArgs(['--admin', 'http://a/', '--app', 'x'], { JOBDESK_EXECUTOR_TOKEN: 'from-env' })).toMatchObject({ accessToken: 'from-env' })
  })

  it('refuses to run without a token and says why', () => {
    expect(usageError(['--admin', 'http://a/', '--app', 'x'])).toMatch(/^--token is required .*XXL-JOB-ACCESS-TOKEN/)
    expect(usageError(['--admin', 'http://a/', '--app', 'x', '--token', '  '])).toMatch(/^--token is required/)
  })

  it('names the flag and the rule for bad values', () => {
    expect(usageError(['--token', 'T', '--app', 'x'])).toMatch(/^--admin is required/)
    expect(usageError([...base.slice(0, 4)])).toMatch(/^--app is required/)
    expect(usageError([...base, '--port', '9x'])).toBe("--port: expected a whole number, got '9x'")
    expect(usageError([...base, '--port', '70000'])).toBe('--port: must be between 0 and 65535, got 70000')
    expect(usageError([...base, '--address', 'not a url'])).toBe("--address: 'not a url' is not a URL (expected http://host:port/…)")
    expect(usageError([...base, '--admin-generation', 'G3'])).toBe("--admin-generation: expected g1, g2, g3 or auto, got 'G3'")
    expect(usageError([...base, '--run-log-layout', 'zip'])).toBe("--run-log-layout: expected files or packed, got 'zip'")
    expect(usageError(['--admin', 'http://a/', '--token', 'T', '--app', 'my app'])).toBe("--app: 'my app' must not contain spaces or commas")
    expect(usageError([...base, '--beat-interval-ms', '0'])).toBe('--beat-interval-ms: must be between 10 and 3600000, got 0')
    expect(usageError([...base, '--frobnicate'])).toContain("Unknown option '--frobnicate'")
    expect(usageError([...base, '--port'])).toContain("Option '--port <value>' argument missing")
  })

  it('checks each --http-allow entry at start: an origin and a path prefix, nothing else', () => {
    expect(usageError([...base, '--http-allow', 'http://10.0.0.5,ftp://x/'])).toBe(
      "--http-allow: 'ftp://x/' must start with http:// or https://; e.g. --http-allow http://10.0.0.5:8080/api,https://intranet.example",
    )
    expect(usageError([...base, '--http-allow', 'http://ops@10.0.0.5/'])).toMatch(/^--http-allow: 'http:\/\/ops@10.0.0.5\/' must not contain a user name/)
    expect(usageError([...base, '--http-allow', 'http://10.0.0.5/?a=1'])).toMatch(/must not contain a query/)
    expect(usageError([...base, '--http-allow', '10.0.0.5'])).toMatch(/^--http-allow: '10.0.0.5' is not a URL/)
    expect(usageError([...base, '--http-allow', ','])).toBe('--http-allow: give at least one URL prefix, or "any"')
    const long = `http://${'x'.repeat(5000)}@h/`
    expect(usageError([...base, '--http-allow', long]).length).toBeLessThan(400)
  })

  it('takes --node-interpreter as a path that exists or a command name for PATH', () => {
    expect(parseAgentArgs([...base, '--node-interpreter', process.execPath])).toMatchObject({ nodeInterpreter: process.execPath })
    expect(parseAgentArgs([...base, '--node-interpreter', 'node'])).toMatchObject({ nodeInterpreter: 'node' })
    expect(usageError([...base, '--node-interpreter', '/opt/no/such/node'])).toBe("--node-interpreter: '/opt/no/such/node' does not exist")
  })

  it('answers --help', () => {
    expect(parseAgentArgs(['--help'])).toBe('help')
  })
})
