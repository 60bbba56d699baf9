import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ArtifactView } from '../../../shared/artifacts-api'
import { EXIT } from '../cli-error'
import type { Out } from '../output'
import type { ServerClient } from '../server-client'
import { artifactsCommand } from './artifacts'

const view = (name: string): ArtifactView => ({ name, size: 2, contentType: 'text/plain', sha256: '0'.repeat(64), storedAtMs: 0 })

function server(listed: ArtifactView[]): { client: ServerClient; fetched: string[] } {
  const fetched: string[] = []
  const client = {
    call: async (method: string) => {
      if (method !== 'listArtifacts') throw new Error(`unexpected ${method}`)
      return listed
    },
    download: async (path: string) => {
      fetched.push(path)
      return new Response('ok', { status: 200 })
    },
  }
  return { client: client as unknown as ServerClient, fetched }
}

function recording(): Out & { errors: () => string } {
  let errors = ''
  return { write: () => {}, error: (t) => (errors += t), colors: {} as Out['colors'], isTerminal: false, errors: () => errors }
}

describe('jobdesk artifacts', () => {
  let dir: string
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'jobdesk-cli-artifacts-'))))
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  it('writes each file under its name into the folder', async () => {
    const { client, fetched } = server([view('report.csv')])
    expect(await artifactsCommand(client, recording(), '7', { output: join(dir, 'out') })).toBe(EXIT.ok)
    expect(fetched).toEqual(['/api/artifacts/7/report.csv'])
    expect(readFileSync(join(dir, 'out', 'report.csv'), 'utf8')).toBe('ok')
    expect(readdirSync(join(dir, 'out'))).toEqual(['report.csv'])
  })

  it('checks the names again: one that would leave the folder is neither fetched nor written', async () => {
    const { client, fetched } = server([view('../escaped.txt'), view('a/b.txt'), view('fine.txt')])
    const out = recording()
    expect(await artifactsCommand(client, out, '7', { output: join(dir, 'out') })).toBe(EXIT.error)
    expect(out.errors()).toContain('artifact "../escaped.txt": not written, the name contains ".."')
    expect(out.errors()).toContain('artifact "a/b.txt": not written, the name contains a path separator')
    expect(fetched).toEqual(['/api/artifacts/7/fine.txt'])
    expect(existsSync(join(dir, 'escaped.txt'))).toBe(false)
    expect(readdirSync(join(dir, 'out'))).toEqual(['fine.txt'])
  })
})
