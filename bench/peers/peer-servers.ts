/**
 * Throwaway servers for the B10 peers, on loopback, in temporary folders, stopped at the end:
 * Debian's redis-server and PostgreSQL (initdb + postgres). A server whose binary is missing
 * yields null with the reason, so the peer is skipped with a notice rather than faked.
 */
import { execFileSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startChild, type Child } from '../support/child'

export interface PeerServer {
  port: number
  /** The process whose tree is metered (the server and, for PostgreSQL, its backends). */
  pid: number
  stop(): Promise<void>
}

export type Started = { server: PeerServer } | { missing: string }

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

export function which(command: string): string | null {
  try {
    return execFileSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' }).trim() || null
  } catch {
    return null
  }
}

/** redis-server with its own config: loopback, a free port, no snapshots or AOF (nothing to disk during the run). */
export async function startRedis(): Promise<Started> {
  const binary = which('redis-server')
  if (!binary) return { missing: 'redis-server is not installed (apt-get install -y redis-server)' }
  const dir = mkdtempSync(join(tmpdir(), 'jobdesk-b10-redis-'))
  const port = await freePort()
  const config = join(dir, 'redis.conf')
  writeFileSync(
    config,
    [`port ${port}`, 'bind 127.0.0.1', `dir ${dir}`, 'save ""', 'appendonly no', 'daemonize no', 'loglevel notice', 'protected-mode yes', ''].join('\n'),
  )
  const child = startChild(binary, [config], {}, 'redis-server')
  return wrap(child, /Ready to accept connections/, port, dir)
}

function postgresBinDir(): string | null {
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return null
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'postgres')))
    .sort((a, b) => Number(b) - Number(a))
  return versions.length > 0 ? join(root, versions[0], 'bin') : null
}

/**
 * A PostgreSQL cluster made for this run (initdb, trust auth on loopback). PostgreSQL refuses to run
 * as root, so as root it runs as the `postgres` user Debian's package creates (via runuser).
 * synchronous_commit=off is the counterpart of JobDesk's SQLite WAL + synchronous=NORMAL (a crash can
 * lose the last commits, never corrupt); everything else is PostgreSQL's default, or `settings`
 * (`name=value`, e.g. a profiling extension to preload).
 */
export async function startPostgres(settings: readonly string[] = []): Promise<Started> {
  const bin = postgresBinDir()
  if (!bin) return { missing: 'PostgreSQL is not installed (apt-get install -y postgresql)' }
  const asRoot = process.getuid?.() === 0
  const runuser = which('runuser')
  if (asRoot && !runuser) return { missing: 'running as root and runuser is missing, so PostgreSQL cannot be started as a non-root user' }
  const dir = mkdtempSync(join(tmpdir(), 'jobdesk-b10-pg-'))
  const dataDir = join(dir, 'data')
  const socketDir = join(dir, 'socket')
  execFileSync('mkdir', ['-p', socketDir])
  let uid = -1
  if (asRoot) {
    uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim())
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim())
    chownSync(dir, uid, gid)
    chownSync(socketDir, uid, gid)
  }
  const as = (command: string, args: string[]): [string, string[]] => (asRoot ? [runuser!, ['-u', 'postgres', '--', command, ...args]] : [command, args])
  const [initCommand, initArgs] = as(join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-locale', '--no-sync'])
  try {
    execFileSync(initCommand, initArgs, { stdio: 'pipe', cwd: dir })
  } catch (error) {
    rmSync(dir, { recursive: true, force: true })
    return {
      missing: `initdb failed: ${String((error as { stderr?: Buffer }).stderr ?? error)
        .trim()
        .split('\n')
        .pop()}`,
    }
  }
  const port = await freePort()
  const [command, args] = as(join(bin, 'postgres'), [
    '-D',
    dataDir,
    '-p',
    String(port),
    '-k',
    socketDir,
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'synchronous_commit=off',
    '-c',
    'max_connections=100',
    ...settings.flatMap((setting) => ['-c', setting]),
  ])
  const child = startChild(command, args, { cwd: dir }, 'postgres')
  const started = await wrap(child, /database system is ready to accept connections/, port, dir)
  if ('missing' in started) return started
  // Stop the postmaster itself (fast shutdown); runuser may not pass signals on.
  const postmasterPid = () => Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0])
  return {
    server: {
      ...started.server,
      async stop() {
        try {
          process.kill(postmasterPid(), 'SIGINT')
        } catch {
          // already gone
        }
        await started.server.stop()
      },
    },
  }
}

async function wrap(child: Child, ready: RegExp, port: number, dir: string): Promise<Started> {
  try {
    await child.waitFor(ready, 30_000)
  } catch (error) {
    await child.stop('SIGKILL')
    rmSync(dir, { recursive: true, force: true })
    return { missing: `did not start: ${(error as Error).message.split('\n').slice(0, 3).join(' ')}` }
  }
  return {
    server: {
      port,
      pid: child.pid,
      async stop() {
        await child.stop('SIGTERM', 10_000)
        rmSync(dir, { recursive: true, force: true })
      },
    },
  }
}
