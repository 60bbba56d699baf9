import { mkdirSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeTempDir } from '../../../test/support/temp-dir'
import { serveStatic } from './static-files'

/** The console's files over real HTTP on loopback: its page at `/`, its assets, and 404 for the rest. */
let dir: ReturnType<typeof makeTempDir>
let server: Server
let origin = ''

beforeAll(async () => {
  dir = makeTempDir('jobdesk-static-')
  mkdirSync(join(dir.path, 'assets'))
  writeFileSync(join(dir.path, 'index.html'), '<!doctype html><title>JobDesk</title>')
  writeFileSync(join(dir.path, 'assets', 'app-1234.js'), 'console.log(1)')
  server = createServer((request, response) => {
    if (!serveStatic(dir.path, request, response)) response.writeHead(405).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`
})
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  dir.remove()
})

describe('the console’s files', () => {
  it('answers its page at / and by name, and its assets with their types', async () => {
    for (const path of ['/', '/index.html']) {
      const response = await fetch(`${origin}${path}`)
      expect(response.status, path).toBe(200)
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
      expect(await response.text()).toContain('<title>JobDesk</title>')
    }
    const asset = await fetch(`${origin}/assets/app-1234.js`)
    expect(asset.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
  })

  it('answers 404 for what is not a page or a file: a missing asset, an API path read with GET, a typo', async () => {
    for (const path of ['/assets/nope.js', '/api/listJobs', '/metrics', '/jobs', '/index.htm']) {
      const response = await fetch(`${origin}${path}`)
      expect(response.status, path).toBe(404)
      expect(await response.text()).toBe(`Not found: ${path}\n`)
    }
    expect((await fetch(`${origin}/../../etc/passwd`)).status).toBe(404)
  })
})
