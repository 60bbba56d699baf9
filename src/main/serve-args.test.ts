import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { SERVE_OPTIONS, SERVE_USAGE } from './serve-args'

const flags = Object.keys(SERVE_OPTIONS).map((name) => `--${name}`)
/** docs/headless.md: its usage block and its table of flags. */
const section = readFileSync(new URL('../../docs/headless.md', import.meta.url), 'utf8')
const mentioned = (text: string) => new Set(text.match(/--[a-z][a-z-]*/g) ?? [])

describe('serve flags', () => {
  it('are all in the --help text', () => {
    const usage = mentioned(SERVE_USAGE)
    expect(flags.filter((flag) => !usage.has(flag))).toEqual([])
  })

  it('are all in docs/headless.md, which names no flag the parser does not take', () => {
    const documented = mentioned(section)
    expect(flags.filter((flag) => !documented.has(flag))).toEqual([])
    expect([...documented].filter((flag) => !flags.includes(flag))).toEqual([])
    const block = section.slice(section.indexOf('```sh'), section.indexOf('```', section.indexOf('```sh') + 5))
    const usageBlock = mentioned(block)
    expect(flags.filter((flag) => !usageBlock.has(flag))).toEqual([])
    const table = new Set([...section.matchAll(/^\| `(--[a-z-]+)/gm)].map((match) => match[1]))
    expect(flags.filter((flag) => !table.has(flag))).toEqual([])
  })
})
