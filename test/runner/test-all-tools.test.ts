import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runPlaywright, runTool, runVitest, typecheckArgs } from '../../scripts/test-suites.mjs'
import { judgePlaywright, judgeVitest, summarize } from '../../scripts/test-verdict.mjs'
import { makeTempDir } from '../support/temp-dir'

// The runner's vitest and Playwright steps run the real tools on tiny planted projects, so the
// reports judged here are the tools' own, not copies of their shape. About 3 s in all.
const NODE_MODULES = fileURLToPath(new URL('../../node_modules', import.meta.url))
const TSC = join(NODE_MODULES, 'typescript', 'bin', 'tsc')

function plant(dir: string, files: Record<string, string>) {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true })
    writeFileSync(join(dir, name), text)
  }
}

// Globals (`--globals`): a planted file outside the repo cannot import vitest.
const VITEST_FILES = {
  'before-all.test.js': "beforeAll(() => { throw new Error('the server could not start') })\ntest('needs the server', () => { expect(1).toBe(1) })\n",
  'after-all.test.js': "afterAll(() => { throw new Error('the server would not stop') })\ntest('passes', () => { expect(1).toBe(1) })\n",
  'unhandled.test.js': "test('leaves a rejection behind', () => { void Promise.reject(new Error('nobody awaited me')); expect(1).toBe(1) })\n",
  'empty.test.js': "describe('nothing here', () => {})\n",
  'skip.test.js': "test.skip('skipped on purpose: no slapd here', () => {})\ntest('passes too', () => { expect(1).toBe(1) })\n",
}

// CommonJS, found through NODE_PATH: a planted spec outside the repo cannot resolve @playwright/test otherwise.
const PASSING_SPEC = "const { test, expect } = require('@playwright/test')\ntest('passes', () => { expect(1).toBe(1) })\n"
const PLAYWRIGHT_LOAD = {
  'playwright.config.js': "module.exports = { testDir: '.', testMatch: '**/*.spec.js', workers: 1 }\n",
  'ok.spec.js': PASSING_SPEC,
  'throws.spec.js': "require('@playwright/test')\nthrow new Error('the spec broke while loading')\n",
}
const PLAYWRIGHT_SETUP = {
  'playwright.config.js': "module.exports = { testDir: '.', testMatch: '**/*.spec.js', workers: 1, globalSetup: require.resolve('./setup.js') }\n",
  'setup.js': "module.exports = async () => { throw new Error('global setup could not start the server') }\n",
  'ok.spec.js': PASSING_SPEC,
}

describe('npm test on planted projects', () => {
  const temp = makeTempDir('jobdesk-runner-')
  const project = (name: string) => join(temp.path, name)

  beforeAll(() => {
    plant(project('vitest'), VITEST_FILES)
    plant(project('playwright-load'), PLAYWRIGHT_LOAD)
    plant(project('playwright-setup'), PLAYWRIGHT_SETUP)
    plant(project('typecheck'), {
      'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true }, files: ['a.ts'] }),
      'a.ts': 'export const n: number = 1\n',
    })
    mkdirSync(project('reports'))
  })
  afterAll(() => temp.remove())

  it('counts a failed beforeAll, a failed afterAll, an unhandled rejection and a file with no test as failed, each named', () => {
    const dir = project('vitest')
    const run = runVitest({ reportDir: project('reports'), cwd: dir, args: ['--root', dir, '--globals'], quiet: true })
    const verdict = judgeVitest({ ...run, root: dir })
    expect(run.exitCode).not.toBe(0)
    expect(verdict.failures).toEqual([
      'after-all.test.js: the server would not stop',
      'before-all.test.js: the server could not start (1 test did not run)',
      'empty.test.js: loads no test (No test found in suite empty.test.js)',
      'unhandled Error in unhandled.test.js: nobody awaited me',
    ])
    expect(verdict.passed).toBe(3)
    expect(verdict.skipped).toEqual(['skipped on purpose: no slapd here'])
    expect(summarize([verdict]).exitCode).toBe(1)
  }, 30_000)

  it('counts an e2e spec that throws on load and a failed global setup as failed, each named', () => {
    const env = { NODE_PATH: NODE_MODULES }
    const verdicts = (['playwright-load', 'playwright-setup'] as const).map((name) => {
      const dir = project(name)
      const reportDir = join(project('reports'), name)
      mkdirSync(reportDir)
      const run = runPlaywright({ reportDir, cwd: dir, env, quiet: true })
      expect(run.exitCode, name).not.toBe(0)
      return judgePlaywright({ ...run, root: dir })
    })
    expect(verdicts.map((verdict) => verdict.failures)).toEqual([
      ['throws.spec.js:2: Error: the spec broke while loading'],
      ['setup.js:1: Error: global setup could not start the server'],
    ])
    const summary = summarize(verdicts)
    expect(summary.lines.at(-1)).toBe('0 passed, 2 failed, 0 skipped')
    expect(summary.exitCode).toBe(1)
  }, 30_000)

  it('typechecks from its cache and still fails on an error made after the cache was written', () => {
    const dir = project('typecheck')
    // typecheckArgs starts with the tool's name, as npx takes it; here tsc runs from this checkout.
    const typecheck = () => runTool(process.execPath, [TSC, ...typecheckArgs('tsconfig.json').slice(1)], { cwd: dir, quiet: true })
    expect(typecheck()).toBe(0)
    expect(existsSync(join(dir, 'node_modules', '.cache', 'tsc', 'tsconfig.tsbuildinfo'))).toBe(true)
    writeFileSync(join(dir, 'a.ts'), "export const n: number = 'one'\n")
    expect(typecheck()).not.toBe(0)
    writeFileSync(join(dir, 'a.ts'), 'export const n: number = 2\n')
    expect(typecheck()).toBe(0)
  }, 30_000)

  it('keeps one cache per project, so the two never overwrite each other', () => {
    const cacheOf = (config: string) => typecheckArgs(config)[typecheckArgs(config).indexOf('--tsBuildInfoFile') + 1]
    expect(cacheOf('tsconfig.node.json')).not.toBe(cacheOf('tsconfig.web.json'))
  })
})
