import { execFileSync } from 'node:child_process'
import { closeSync, mkdirSync, openSync, utimesSync, writeFileSync } from 'node:fs'
import { open, stat, type FileHandle } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONSOLE_CSP, serveStatic } from '../../../src/main/net/static-files'
import { timedGet } from '../../support/sign-in-burst'
import { makeTempDir } from '../../support/temp-dir'

/**
 * Security review, finding 2(b): the console's files are answered from memory, so GET / never
 * waits for libuv's thread pool (which scrypt sign-ins, file reads, DNS and zlib share). Shown with
 * every thread of the pool blocked outright: each is stuck opening a FIFO nobody writes to, and a
 * canary fs.stat queued behind them proves the pool stayed blocked while the files were served.
 */
let dir: ReturnType<typeof makeTempDir>
let root: string
let server: Server
let port: number

beforeAll(async () => {
  dir = makeTempDir('jobdesk-static-')
  root = join(dir.path, 'renderer')
  mkdirSync(join(root, 'assets'), { recursive: true })
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>console</title>\n')
  writeFileSync(join(root, 'assets', 'app-1a2b.js'), 'console.log("app")\n')
  server = createServer((request, response) => {
    if (!serveStatic(root, request, response)) response.writeHead(405).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
})
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()))
  dir.remove()
})

/** Every thread of libuv's pool stuck in open(2) on a FIFO; `release` opens it read-write (never blocks on Linux), freeing them. */
function blockThreadPool(): { canaryDone: () => boolean; release: () => Promise<void> } {
  const threads = Number(process.env.UV_THREADPOOL_SIZE ?? 4)
  const fifo = join(dir.path, `fifo-${Date.now()}`)
  execFileSync('mkfifo', [fifo])
  const stuck: Promise<FileHandle>[] = Array.from({ length: threads }, () => open(fifo, 'r'))
  let done = false
  const canary = stat(dir.path).then(() => (done = true))
  return {
    canaryDone: () => done,
    release: async () => {
      const unblock = openSync(fifo, 'r+')
      try {
        for (const handle of await Promise.all(stuck)) await handle.close()
        await canary
      } finally {
        closeSync(unblock)
      }
    },
  }
}

/** The answer, or a failure after 10 s (a file read waiting for the blocked pool never answers) — so the pool is released either way. */
function answered<T>(reply: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new Error('no answer within 10 s: the file waited for the thread pool')), 10_000)),
  )
  return Promise.race([reply, late]).finally(() => clearTimeout(timer))
}

describe.skipIf(process.platform !== 'linux')("the console's static files", () => {
  it('are served with every pool thread blocked: index.html (also by name) and a hashed asset', async () => {
    const pool = blockThreadPool()
    try {
      const page = await answered(timedGet(port, '/'))
      const route = await answered(timedGet(port, '/index.html'))
      const asset = await answered(timedGet(port, '/assets/app-1a2b.js'))
      expect([page.status, route.status, asset.status]).toEqual([200, 200, 200])
      expect([page.bytes, route.bytes, asset.bytes]).toEqual([38, 38, 19])
      expect(pool.canaryDone()).toBe(false)
    } finally {
      await pool.release()
    }
    expect(pool.canaryDone()).toBe(true)
  })

  it('keep their headers: CSP, cache rules, and a length', async () => {
    const answers = await Promise.all(['/', '/assets/app-1a2b.js'].map((path) => fetch(`http://127.0.0.1:${port}${path}`)))
    for (const answer of answers) {
      expect(answer.headers.get('content-security-policy')).toBe(CONSOLE_CSP)
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff')
      expect(answer.headers.get('referrer-policy')).toBe('no-referrer')
    }
    expect(answers.map((a) => [a.headers.get('content-type'), a.headers.get('cache-control'), a.headers.get('content-length')])).toEqual([
      ['text/html; charset=utf-8', 'no-cache', '38'],
      ['text/javascript; charset=utf-8', 'public, max-age=31536000, immutable', '19'],
    ])
    const head = await fetch(`http://127.0.0.1:${port}/`, { method: 'HEAD' })
    expect([head.status, head.headers.get('content-length'), await head.text()]).toEqual([200, '38', ''])
  })

  it('follow a new build: a rewritten file is read again', async () => {
    expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toContain('<title>console</title>')
    const file = join(root, 'index.html')
    writeFileSync(file, '<!doctype html><title>rebuilt</title>\n')
    // Same size as before; only the mtime tells it changed.
    utimesSync(file, new Date(), new Date(Date.now() + 5000))
    expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toContain('<title>rebuilt</title>')
  })
})
