/**
 * Throwaway PostgreSQL and MariaDB servers in temporary folders, on loopback, stopped by their
 * owner: the storage tests (through db-servers.ts) and the benchmarks start them from Debian's own
 * binaries. Nothing here depends on a system service or on vitest. A server that cannot start
 * throws a TempServerError saying why (missing binary, failed initdb, the tail of its log).
 */
import { execFile, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { chownSync, closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir, userInfo } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { freePort } from './free-port'

const run = promisify(execFile)

export class TempServerError extends Error {
  override readonly name = 'TempServerError'
}

export interface TempDbServer {
  readonly engine: 'postgres' | 'mysql'
  readonly host: '127.0.0.1'
  readonly port: number
  /** PostgreSQL: the folder holding its socket; MariaDB: the socket file. */
  readonly socket: string
  /** A login that may create databases, with a password (connections over TCP ask for it). */
  readonly user: string
  readonly password: string
  /** The server process (PostgreSQL's postmaster, whose children are the backends; mariadbd). */
  readonly pid: number
  readonly version: string
  /** `postgres://…` or `mysql://…` for `database` on this server, over TCP with the password. */
  url(database: string): string
  stop(): Promise<void>
  /** PostgreSQL: stops the server and keeps its data, as an operator's `pg_ctl stop` does (`resume` starts it again, same port). */
  pause?(): Promise<void>
  resume?(): Promise<void>
}

export function postgresBinDir(): string | null {
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return null
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a))
  return versions.length > 0 ? join(root, versions[0], 'bin') : null
}

export interface PostgresOptions {
  /** Extra `-c name=value` server settings (the tests turn fsync off; benchmarks keep the defaults). */
  settings?: Record<string, string>
  /** How TCP logins authenticate: a password (the default, as on a real server) or trust. */
  hostAuth?: 'scram-sha-256' | 'trust'
}

/**
 * A PostgreSQL cluster made for this run: initdb + pg_ctl in a temp folder, listening on
 * 127.0.0.1 on a free port and on a socket in that folder. PostgreSQL refuses to run as root, so as
 * root it runs as the `postgres` user Debian's package creates (through runuser). The socket trusts
 * the cluster's owner; TCP logins give the password of a role that may create databases (not a
 * superuser, like an application's role on a real server).
 */
export async function startTempPostgres(options: PostgresOptions = {}): Promise<TempDbServer> {
  const bin = postgresBinDir()
  if (!bin) throw new TempServerError('PostgreSQL is not installed (apt-get install -y postgresql): no /usr/lib/postgresql/*/bin/pg_ctl')
  const asRoot = process.getuid?.() === 0
  if (asRoot && !existsSync('/usr/sbin/runuser') && !existsSync('/sbin/runuser'))
    throw new TempServerError('running as root without runuser: PostgreSQL cannot be started as another user')
  const dir = mkdtempSync(join(tmpdir(), 'jobdesk-pg-'))
  const dataDir = join(dir, 'data')
  const owner = asRoot ? 'postgres' : userInfo().username
  if (asRoot) chownSync(dir, await idOf('-u', 'postgres'), await idOf('-g', 'postgres'))
  const as = (command: string, args: string[]): [string, string[]] => (asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args])
  const exec = async (what: string, command: string, args: string[]) => {
    const [c, a] = as(command, args)
    try {
      return (await run(c, a, { cwd: dir, timeout: 120_000 })).stdout
    } catch (error) {
      const detail = String((error as { stderr?: string }).stderr || (error as Error).message)
        .trim()
        .split('\n')
        .slice(-3)
        .join(' ')
      throw new TempServerError(`PostgreSQL ${what} failed: ${detail}`)
    }
  }
  const port = await freePort()
  const password = randomBytes(12).toString('hex')
  const user = 'jobdesk'
  try {
    await exec('initdb', join(bin, 'initdb'), [
      '-D',
      dataDir,
      '-U',
      owner,
      '--auth-local=trust',
      `--auth-host=${options.hostAuth ?? 'scram-sha-256'}`,
      '-E',
      'UTF8',
      '--no-locale',
      '--no-sync',
    ])
    const settings = { listen_addresses: '127.0.0.1', max_connections: '200', ...options.settings }
    const serverOptions = [`-p ${port}`, `-k ${dir}`, ...Object.entries(settings).map(([k, v]) => `-c ${k}=${v}`)].join(' ')
    await exec('start', join(bin, 'pg_ctl'), ['-D', dataDir, '-w', '-t', '60', '-l', join(dir, 'server.log'), '-o', serverOptions, 'start']).catch(
      (error: Error) => {
        throw new TempServerError(`${error.message}; log: ${logTail(join(dir, 'server.log'))}`)
      },
    )
    const psql = (sql: string) =>
      exec('psql', join(bin, 'psql'), ['-h', dir, '-p', String(port), '-U', owner, '-d', 'postgres', '-X', '-A', '-t', '-v', 'ON_ERROR_STOP=1', '-c', sql])
    await psql(`CREATE ROLE ${user} LOGIN CREATEDB PASSWORD '${password}'`)
    const version = (await psql('SHOW server_version')).trim()
    const pid = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0])
    return {
      engine: 'postgres',
      host: '127.0.0.1',
      port,
      socket: dir,
      user,
      password,
      pid,
      version,
      url: (database) => `postgres://${user}:${password}@127.0.0.1:${port}/${database}`,
      async stop() {
        await exec('stop', join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', '-t', '30', 'stop']).catch(() => killQuietly(pid))
        rmSync(dir, { recursive: true, force: true })
      },
      async pause() {
        await exec('stop', join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', '-t', '30', 'stop'])
      },
      async resume() {
        await exec('start', join(bin, 'pg_ctl'), ['-D', dataDir, '-w', '-t', '60', '-l', join(dir, 'server.log'), '-o', serverOptions, 'start'])
      },
    }
  } catch (error) {
    await run(...as(join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', 'stop'])).catch(() => undefined)
    rmSync(dir, { recursive: true, force: true })
    throw error
  }
}

async function idOf(flag: '-u' | '-g', name: string): Promise<number> {
  return Number((await run('id', [flag, name])).stdout.trim())
}

export interface MariadbOptions {
  /** Extra `--name=value` server options. */
  settings?: Record<string, string>
}

/**
 * A MariaDB server made for this run: mariadb-install-db + mariadbd with their own data folder,
 * socket and port, bound to 127.0.0.1, run as the current user (--user=root when that is root).
 * The socket logs the current user in (unix_socket); TCP logins give a password.
 */
export async function startTempMariadb(options: MariadbOptions = {}): Promise<TempDbServer> {
  const installer = ['/usr/bin/mariadb-install-db', '/usr/bin/mysql_install_db'].find(existsSync)
  const daemon = ['/usr/sbin/mariadbd', '/usr/sbin/mysqld'].find(existsSync)
  if (!installer || !daemon)
    throw new TempServerError('MariaDB is not installed (apt-get install -y mariadb-server): no /usr/sbin/mariadbd or /usr/bin/mariadb-install-db')
  const asRoot = process.getuid?.() === 0
  const osUser = userInfo().username
  const dir = mkdtempSync(join(tmpdir(), 'jobdesk-mariadb-'))
  const dataDir = join(dir, 'data')
  const socket = join(dir, 'mariadb.sock')
  const logFile = join(dir, 'server.log')
  const userFlag = asRoot ? ['--user=root'] : []
  try {
    await run(
      installer,
      [
        '--no-defaults',
        `--datadir=${dataDir}`,
        ...userFlag,
        '--auth-root-authentication-method=socket',
        `--auth-root-socket-user=${osUser}`,
        '--skip-test-db',
        '--skip-name-resolve',
      ],
      {
        cwd: dir,
        timeout: 120_000,
      },
    )
  } catch (error) {
    rmSync(dir, { recursive: true, force: true })
    const detail = String((error as { stderr?: string }).stderr || (error as Error).message)
      .trim()
      .split('\n')
      .slice(-3)
      .join(' ')
    throw new TempServerError(`mariadb-install-db failed: ${detail}`)
  }
  const port = await freePort()
  const settings = {
    'innodb-buffer-pool-size': '64M',
    'innodb-log-file-size': '48M',
    'max-connections': '300',
    ...options.settings,
  }
  const args = [
    '--no-defaults',
    `--datadir=${dataDir}`,
    `--socket=${socket}`,
    `--port=${port}`,
    '--bind-address=127.0.0.1',
    `--pid-file=${join(dir, 'mariadbd.pid')}`,
    `--log-error=${logFile}`,
    '--skip-name-resolve',
    '--skip-log-bin',
    ...userFlag,
    ...Object.entries(settings).map(([k, v]) => `--${k}=${v}`),
  ]
  const out = openSync(join(dir, 'stdout.log'), 'a')
  const child = spawn(daemon, args, { cwd: dir, stdio: ['ignore', out, out] })
  closeSync(out)
  // Set by the child's events (widened: TypeScript would narrow it to null for the loop below).
  let exited = null as string | null
  child.once('exit', (code, signal) => (exited = `exited (${code ?? signal})`))
  child.once('error', (error) => (exited = `could not be started: ${error.message}`))
  const stop = async () => {
    if (exited === null) {
      const gone = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000)
      await gone
      clearTimeout(timer)
    }
    rmSync(dir, { recursive: true, force: true })
  }
  try {
    const deadline = Date.now() + 60_000
    while (!/ready for connections/.test(readIfThere(logFile))) {
      if (exited !== null) throw new TempServerError(`mariadbd ${exited}; log: ${logTail(logFile)}`)
      if (Date.now() > deadline) throw new TempServerError(`mariadbd was not ready within 60 s; log: ${logTail(logFile)}`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    const password = randomBytes(12).toString('hex')
    const user = 'jobdesk'
    const { default: mysql } = await import('mysql2/promise')
    const admin = await mysql.createConnection({ socketPath: socket, user: osUser })
    let version: string
    try {
      await admin.query(`CREATE USER '${user}'@'%' IDENTIFIED BY '${password}'`)
      await admin.query(`GRANT ALL PRIVILEGES ON *.* TO '${user}'@'%'`)
      version = String(((await admin.query('SELECT VERSION() AS v')) as unknown as [{ v: string }[]])[0][0].v)
    } finally {
      await admin.end()
    }
    return {
      engine: 'mysql',
      host: '127.0.0.1',
      port,
      socket,
      user,
      password,
      pid: child.pid ?? -1,
      version,
      url: (database) => `mysql://${user}:${password}@127.0.0.1:${port}/${database}`,
      stop,
    }
  } catch (error) {
    await stop()
    throw error instanceof TempServerError ? error : new TempServerError(`MariaDB did not come up: ${(error as Error).message}`)
  }
}

function readIfThere(file: string): string {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return ''
  }
}

function logTail(file: string): string {
  return readIfThere(file).trim().split('\n').slice(-5).join(' | ') || '(empty)'
}

function killQuietly(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL')
  } catch {
    // already gone
  }
}
