import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { expect, test } from '@playwright/test'
import { parse } from 'yaml'
import { goTo, jobRow, openConsole } from './support/console-page'
import { useHeadlessServer } from './support/headless-server'

/**
 * Objects `jobdesk apply` wrote from files, as the operator sees them: a badge with the file's name
 * in the Jobs and Flows lists, and in their editors a warning that the next apply undoes an edit
 * made there, with the object as YAML to copy back into the file.
 */
const API_TOKEN = 'e2e-definitions-api-token-0123'
const BIN = fileURLToPath(new URL('../bin/jobdesk.mjs', import.meta.url))
const server = useHeadlessServer({ extraArgs: ['--api-token', API_TOKEN] })
let dir = ''

/** The page's clipboard, as the test reads it back (the e2e code has no DOM types). */
interface ClipboardWindow {
  navigator: { clipboard: { readText(): Promise<string> } }
}

test.beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'jobdesk-e2e-definitions-'))
  await writeFile(
    join(dir, 'report.yaml'),
    [
      'kind: Job',
      'name: nightly-report',
      'group: jobdesk-embedded',
      'schedule:',
      '  cron: "0 0 2 * * ?"',
      '  timezone: UTC',
      'handler: demoJobHandler',
      'param: hello',
      '---',
      'kind: Flow',
      'name: report-flow',
      'group: jobdesk-embedded',
      'nodes:',
      '  - key: report',
      '    job: nightly-report',
      '',
    ].join('\n'),
  )
  const { stdout } = await promisify(execFile)(process.execPath, [BIN, 'apply', '-f', 'report.yaml'], {
    cwd: dir,
    env: { ...process.env, JOBDESK_SERVER: server().origin, JOBDESK_API_TOKEN: API_TOKEN, NO_COLOR: '1' },
  })
  expect(stdout).toContain('applied: 2 created')
})
test.afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

test('a job and a flow applied from a file carry its name, and their editors warn and give the YAML back', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await openConsole(page, server())
  await goTo(page, 'jobs')
  const badge = jobRow(page, 'nightly-report').getByTestId('definition-origin')
  await expect(badge).toHaveText('report.yaml')
  await expect(badge).toHaveAttribute('title', /^From file report\.yaml \(applied .+ by jobdesk apply\)$/)
  // A job made in the console has none.
  await expect(jobRow(page, 'Demo: hello every 2 seconds').getByTestId('definition-origin')).toHaveCount(0)
  // On the smallest screen the badge beside the name is the file icon (the file in its title): the name is whole.
  await page.setViewportSize({ width: 1280, height: 720 })
  const name = jobRow(page, 'nightly-report').getByTestId('job-name')
  await expect.poll(() => name.evaluate((cell) => cell.scrollWidth - cell.clientWidth)).toBeLessThanOrEqual(0)
  await expect(badge).toBeVisible()

  await jobRow(page, 'nightly-report').getByTestId('job-edit').click()
  const banner = page.getByTestId('definition-origin-banner')
  await expect(banner).toContainText('The next jobdesk apply of that file will undo edits made here')
  await banner.getByTestId('definition-copy-yaml').click()
  await expect(page.getByText('YAML of jobdesk-embedded/nightly-report copied to the clipboard')).toBeVisible()
  const copied = parse(await page.evaluate(() => (globalThis as unknown as ClipboardWindow).navigator.clipboard.readText())) as Record<string, unknown>
  expect(copied).toEqual({
    kind: 'Job',
    name: 'nightly-report',
    group: 'jobdesk-embedded',
    schedule: { cron: '0 0 2 * * ?', timezone: 'UTC' },
    handler: 'demoJobHandler',
    param: 'hello',
  })
  await page.screenshot({ path: test.info().outputPath('job-editor-from-file.png') })
  await page.getByTestId('editor-cancel').click()
  await expect(page.getByTestId('job-editor-form')).toHaveCount(0)

  await goTo(page, 'flows')
  const flowBadge = page.getByTestId('definition-origin').first()
  await expect(flowBadge).toHaveText('report.yaml')
})
