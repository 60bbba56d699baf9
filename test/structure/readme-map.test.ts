import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const README = join(ROOT, 'README.md')
const DOCS = join(ROOT, 'docs')
const docFiles = readdirSync(DOCS)
  .filter((name) => name.endsWith('.md'))
  .map((name) => join(DOCS, name))

/** The lines of a Markdown text outside fenced code blocks (headings and links there are code). */
function proseLines(text: string): string[] {
  let fenced = false
  return text.split('\n').filter((line) => {
    if (line.startsWith('```')) fenced = !fenced
    return !fenced && !line.startsWith('```')
  })
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, each space a '-'. */
function slugOf(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-')
}

/** Every anchor a text's headings give, a repeated heading numbered as GitHub numbers it (-1, -2…). */
function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>()
  for (const line of proseLines(text)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)
    if (!heading) continue
    const slug = slugOf(heading[1])
    let anchor = slug
    for (let n = 1; anchors.has(anchor); n++) anchor = `${slug}-${n}`
    anchors.add(anchor)
  }
  return anchors
}

/** The relative link targets of a text, outside code (fenced blocks and `inline` spans). */
function relativeLinks(text: string): string[] {
  return proseLines(text).flatMap((line) =>
    [...line.replace(/`[^`]*`/g, '').matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
      .map((match) => match[1])
      .filter((target) => !/^[a-z][a-z+.-]*:/i.test(target)),
  )
}

/** What is wrong with each relative link of `file` (whose text is `text`): a missing file or heading. */
function brokenLinks(file: string, text: string): string[] {
  return relativeLinks(text).flatMap((target) => {
    const [path, anchor] = target.split('#', 2)
    const to = path === '' ? file : resolve(dirname(file), decodeURI(path))
    const where = `${relative(ROOT, file)} → ${target}`
    if (path !== '' && !existsSync(to)) return [`${where}: no such file`]
    if (anchor === undefined || !to.endsWith('.md')) return []
    const anchors = to === file ? anchorsOf(text) : anchorsOf(readFileSync(to, 'utf8'))
    return anchors.has(anchor) ? [] : [`${where}: no heading with that anchor`]
  })
}

/** The README's map of docs/ starts at this heading. */
const MAP_HEADING = '## The docs'

/** The files README.md links to, as absolute paths. */
function linkedFromReadme(): Set<string> {
  return new Set(relativeLinks(readFileSync(README, 'utf8')).map((target) => resolve(ROOT, target.split('#')[0])))
}

/**
 * The reference sections that left the README (issue 41) and where each lives now: the README's map
 * must link the file, and the file must have the heading.
 */
const MOVED_SECTIONS: readonly (readonly [section: string, target: string])[] = [
  ['Headless mode', 'headless.md#headless-mode'],
  ['Users, roles and audit', 'users-and-roles.md#users-roles-and-audit'],
  ['Directory sign-in', 'directory-sign-in.md#directory-sign-in'],
  ['Security: what each credential reaches', 'security.md#security-what-each-credential-reaches'],
  ['Where data lives', 'storage.md#where-data-lives'],
  ['Storage', 'storage.md#databases'],
  ['Cluster mode', 'cluster.md#running-several-nodes'],
  ['Guarantees, stated honestly', 'design.md#guarantees-stated-honestly'],
  ['LAN executors', 'lan-executors.md#lan-executors'],
  ['Job handlers', 'handlers.md#job-handlers'],
  ['Job OpenAPI', 'openapi.md#job-openapi'],
  ['Trigger URLs', 'trigger-urls.md#trigger-urls'],
  ['The console', 'console.md#the-console'],
  ['Running as a service', 'service.md#running-as-a-service'],
  ['Monitoring', 'monitoring.md#monitoring'],
  ['Moving in from XXL-JOB', 'xxl-job-migration.md#moving-in-from-xxl-job'],
  ['JobDesk in git', 'definitions-as-code.md#jobdesk-in-git'],
  ['Backup, restore and upgrade', 'backup.md#backup-restore-and-upgrade'],
  ['Building an installer', 'installer.md#building-an-installer'],
  ['Cron', 'design.md#cron'],
  ['Layout', 'layout.md#layout'],
  ['Design notes', 'development.md#lint-and-format'],
  ['Benchmarks', 'benchmarks.md#latest-figures'],
]

describe('the README and its map of docs/', () => {
  it('keeps the README to at most 300 lines', () => {
    const lines = readFileSync(README, 'utf8').trimEnd().split('\n').length
    expect(lines).toBeLessThanOrEqual(300)
  })

  it('links every file of docs/ from the README', () => {
    const linked = linkedFromReadme()
    expect(docFiles.filter((file) => !linked.has(file)).map((file) => relative(ROOT, file))).toEqual([])
  })

  it('opens its map of docs/ with docs/architecture.md', () => {
    const readme = readFileSync(README, 'utf8')
    const map = readme.slice(readme.indexOf(`\n${MAP_HEADING}\n`))
    expect(map.length).toBeLessThan(readme.length)
    expect(relativeLinks(map)[0]).toBe('docs/architecture.md')
  })

  it('keeps every section that left the README reachable from its map', () => {
    const linked = linkedFromReadme()
    const unreachable = MOVED_SECTIONS.filter(([, target]) => {
      const [path, anchor] = target.split('#')
      const file = join(DOCS, path)
      return !linked.has(file) || !existsSync(file) || !anchorsOf(readFileSync(file, 'utf8')).has(anchor)
    })
    expect(unreachable.map(([section, target]) => `${section} → docs/${target}`)).toEqual([])
  })

  it('resolves every relative link of README.md and docs/*.md to a file and, with an anchor, to a heading', () => {
    const broken = [README, ...docFiles].flatMap((file) => brokenLinks(file, readFileSync(file, 'utf8')))
    expect(broken).toEqual([])
  })
})

describe('the link check itself', () => {
  it("gives GitHub's anchors", () => {
    expect(slugOf('Security: what each credential reaches')).toBe('security-what-each-credential-reaches')
    expect(slugOf('The `jobdesk` command')).toBe('the-jobdesk-command')
    expect(slugOf('Epochs: a fencing token')).toBe('epochs-a-fencing-token')
    expect(slugOf('B1/B2 and B3b')).toBe('b1b2-and-b3b')
    expect(anchorsOf('## Tables\n\n## Tables\n')).toEqual(new Set(['tables', 'tables-1']))
  })

  it('finds a missing file, a missing heading and no link inside code', () => {
    const file = join(DOCS, 'planted.md')
    const text = [
      '# Planted',
      '[fine](#planted) [gone](no-such-file.md) [no heading](cluster.md#no-such-heading) [site](https://example.org/x.md)',
      '`[in code](nowhere.md)`',
      '```',
      '[in a block](nowhere.md)',
      '```',
    ].join('\n')
    expect(brokenLinks(file, text)).toEqual([
      'docs/planted.md → no-such-file.md: no such file',
      'docs/planted.md → cluster.md#no-such-heading: no heading with that anchor',
    ])
  })
})
