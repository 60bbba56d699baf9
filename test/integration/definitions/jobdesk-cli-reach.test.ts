import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureBuilt } from '../../support/headless-child'
import { runJobdesk, type CliResult } from '../../support/jobdesk-cli'
import { makeTempDir } from '../../support/temp-dir'

/**
 * What the built `jobdesk` reads and where its token goes: a definitions file may make it read only
 * files inside the folder it was given (no absolute path, no `..`, no symlink out of it), and a
 * server's redirect to another origin is not followed (the token stays with `--server`). The servers
 * here are loopback recorders: what they were sent is the evidence.
 */
const TOKEN = 'cli-reach-token-0123456789'
const SECRET = 'SECRET-OUTSIDE-THE-ROOT-4242'

interface Seen {
  url: string
  headers: IncomingHttpHeaders
  body: string
}

/** A loopback server that records every request and answers with `answer`. */
async function recorder(answer: (url: string, body: string, respond: (status: number, headers: Record<string, string>, body: string) => void) => void) {
  const seen: Seen[] = []
  const server: Server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString()))
    request.on('end', () => {
      seen.push({ url: request.url ?? '', headers: request.headers, body })
      answer(request.url ?? '', body, (status, headers, text) => response.writeHead(status, headers).end(text))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  servers.push(server)
  return { seen, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }
}

/** A dry-run plan in the server's reply shape: what `apply` prints as "no changes". */
const PLAN = JSON.stringify({ code: 200, msg: null, data: { changes: [], unchanged: 1, applied: false } })
const planServer = () => recorder((_url, _body, respond) => respond(200, { 'content-type': 'application/json' }, PLAN))

function jobdesk(args: string[], cwd: string, server: string): Promise<CliResult> {
  return runJobdesk(args, cwd, { JOBDESK_SERVER: server, JOBDESK_API_TOKEN: TOKEN })
}

const servers: Server[] = []
const temps: ReturnType<typeof makeTempDir>[] = []
beforeAll(async () => {
  await ensureBuilt()
}, 180_000)
afterAll(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))))
  temps.splice(0).forEach((t) => t.remove())
})

/** `<tmp>/secret.sh` (outside), and `<tmp>/repo` with scripts/ok.sh and jobs/. */
function workspace(): { dir: string; repo: string } {
  const temp = makeTempDir('jobdesk-cli-reach-')
  temps.push(temp)
  const repo = join(temp.path, 'repo')
  mkdirSync(join(repo, 'scripts'), { recursive: true })
  mkdirSync(join(repo, 'jobs'))
  writeFileSync(join(temp.path, 'secret.sh'), `echo ${SECRET}\n`)
  writeFileSync(join(repo, 'scripts/ok.sh'), 'echo inside\n')
  return { dir: temp.path, repo }
}

const scriptJob = (name: string, sourceFile: string) =>
  `kind: Job\nname: ${name}\ngroup: jobdesk-embedded\nglue:\n  type: GLUE_SHELL\n  sourceFile: ${JSON.stringify(sourceFile)}\n`

describe('jobdesk apply reads only inside the folder it was given', () => {
  it('refuses absolute, .. and symlink escapes at their file, line and column, and sends nothing', async () => {
    const { dir, repo } = workspace()
    const server = await planServer()
    writeFileSync(join(repo, 'jobs/absolute.yaml'), scriptJob('absolute', '/proc/self/environ'))
    writeFileSync(join(repo, 'jobs/dotdot.yaml'), `# the script of a neighbour\n${scriptJob('dotdot', '../../secret.sh')}`)
    symlinkSync(join(dir, 'secret.sh'), join(repo, 'scripts/link.sh'))
    symlinkSync('/proc/self', join(repo, 'scripts/proc'))
    writeFileSync(join(repo, 'jobs/symlink.yaml'), scriptJob('symlink', '../scripts/link.sh'))
    writeFileSync(join(repo, 'jobs/through-folder.yaml'), scriptJob('through-folder', '../scripts/proc/environ'))
    const stream = [{ kind: 'Job', name: 'in-json', group: 'jobdesk-embedded', glue: { type: 'GLUE_SHELL', sourceFile: '/etc/passwd' } }]
    writeFileSync(join(repo, 'jobs/stream.json'), JSON.stringify(stream, null, 2))

    const refused = await jobdesk(['apply', '-f', 'repo'], dir, server.origin)
    expect(refused.code).toBe(2)
    expect(refused.stderr.split('\n')).toEqual([
      'jobdesk: 5 problem(s) in the files, nothing was applied',
      '  repo/jobs/absolute.yaml:6:3: sourceFile outside repo: /proc/self/environ',
      '  repo/jobs/dotdot.yaml:7:3: sourceFile outside repo: ../../secret.sh',
      '  repo/jobs/stream.json:8:7: sourceFile outside repo: /etc/passwd',
      '  repo/jobs/symlink.yaml:6:3: sourceFile outside repo: ../scripts/link.sh',
      '  repo/jobs/through-folder.yaml:6:3: sourceFile outside repo: ../scripts/proc/environ',
      '',
    ])
    expect(server.seen, 'nothing reached the server').toEqual([])
  })

  it('takes a given file’s own folder as the root, and reads a symlink that stays inside', async () => {
    const { dir, repo } = workspace()
    const server = await planServer()
    writeFileSync(join(repo, 'jobs/up.yaml'), scriptJob('up', '../scripts/ok.sh'))
    const oneFile = await jobdesk(['apply', '-f', 'repo/jobs/up.yaml'], dir, server.origin)
    expect(oneFile.stderr).toBe(
      'jobdesk: 1 problem(s) in the files, nothing was applied\n  repo/jobs/up.yaml:6:3: sourceFile outside repo/jobs: ../scripts/ok.sh\n',
    )
    expect(server.seen).toEqual([])

    // The same file applied with its repository: the script is inside, read and sent.
    symlinkSync('ok.sh', join(repo, 'scripts/alias.sh'))
    writeFileSync(join(repo, 'jobs/alias.yaml'), scriptJob('alias', '../scripts/alias.sh'))
    const whole = await jobdesk(['apply', '-f', 'repo', '--dry-run'], dir, server.origin)
    expect(whole.code, whole.stderr).toBe(0)
    expect(server.seen).toHaveLength(1)
    const sent = JSON.parse(server.seen[0].body) as { sources: Array<{ document: { name: string; glue: { source: string } } }> }
    expect(sent.sources.map((s) => [s.document.name, s.document.glue.source])).toEqual([
      ['alias', 'echo inside\n'],
      ['up', 'echo inside\n'],
    ])
  })

  it('does not read a definitions file that is a symlink out of the folder', async () => {
    const { dir, repo } = workspace()
    const server = await planServer()
    writeFileSync(join(dir, 'outside.yaml'), scriptJob('outside', 'x.sh'))
    symlinkSync(join(dir, 'outside.yaml'), join(repo, 'jobs/linked.yaml'))
    const refused = await jobdesk(['apply', '-f', 'repo'], dir, server.origin)
    expect(refused.stderr).toBe('jobdesk: 1 problem(s) in the files, nothing was applied\n  repo/jobs/linked.yaml: a symlink outside repo\n')
    expect(server.seen).toEqual([])
  })
})

describe('jobdesk keeps its token with the server it was given', () => {
  it('does not follow a redirect to another origin: the other server hears nothing, the error names where it pointed', async () => {
    const { dir, repo } = workspace()
    writeFileSync(join(repo, 'jobs/plain.yaml'), 'kind: Job\nname: plain\ngroup: jobdesk-embedded\nhandler: demoJobHandler\n')
    const elsewhere = await planServer()
    const redirecting = await recorder((url, _body, respond) => respond(307, { location: `${elsewhere.origin}${url}` }, ''))

    const result = await jobdesk(['apply', '-f', 'repo', '--dry-run'], dir, redirecting.origin)
    expect(result.code).toBe(2)
    expect(result.stderr).toBe(
      `jobdesk: ${redirecting.origin} redirected to ${elsewhere.origin}/api/applyDefinitions (HTTP 307), another origin: not followed, the token was not sent there\n`,
    )
    expect(redirecting.seen.map((s) => s.headers['xxl-job-access-token'])).toEqual([TOKEN])
    expect(elsewhere.seen, 'no request, so no token, reached the other origin').toEqual([])
  })

  it('follows a redirect within the same origin, body and token included', async () => {
    const { dir, repo } = workspace()
    writeFileSync(join(repo, 'jobs/plain.yaml'), 'kind: Job\nname: plain\ngroup: jobdesk-embedded\nhandler: demoJobHandler\n')
    const server = await recorder((url, _body, respond) => {
      if (url.startsWith('/api/')) respond(308, { location: `/moved${url}` }, '')
      else respond(200, { 'content-type': 'application/json' }, PLAN)
    })
    const result = await jobdesk(['apply', '-f', 'repo', '--dry-run'], dir, server.origin)
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toBe('no changes (1 object(s) as the files say)\n')
    expect(server.seen.map((s) => [s.url, s.headers['xxl-job-access-token'], JSON.parse(s.body || 'null')?.dryRun])).toEqual([
      ['/api/applyDefinitions', TOKEN, true],
      ['/moved/api/applyDefinitions', TOKEN, true],
    ])
  })
})

describe('jobdesk logs', () => {
  it('says when a run’s log is incomplete because its executor could not write some lines', async () => {
    const { dir } = workspace()
    const lines = ['start', '----------- log lines lost here: they could not be written (ENOSPC: no space left on device)']
    // Answers getRunLog by the asked line, as the server pages a log.
    const server = await recorder((_url, body, respond) => {
      const from = (JSON.parse(body) as { fromLineNum: number }).fromLineNum
      const page =
        from > lines.length
          ? { fromLineNum: from, toLineNum: 0, logContent: '' }
          : { fromLineNum: from, toLineNum: lines.length, logContent: `${lines.slice(from - 1).join('\n')}\n` }
      respond(200, { 'content-type': 'application/json' }, JSON.stringify({ code: 200, msg: null, data: { ...page, isEnd: true, lostLines: 4 } }))
    })
    const result = await jobdesk(['logs', '7'], dir, server.origin)
    expect(result).toEqual({
      code: 0,
      stdout: `${lines.join('\n')}\n`,
      stderr: 'run 7: its log is incomplete: 4 line(s) could not be written by the executor (a full disk?)\n',
    })
  })
})
