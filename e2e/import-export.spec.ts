import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { goTo, jobRow, openConsole } from './support/console-page'
import { useHeadlessServer } from './support/headless-server'

const server = useHeadlessServer()
let dir = ''

test.beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'jobdesk-e2e-import-'))
})
test.afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

interface ExportFile {
  format: string
  jobs: { key: string; name: string; scheduleConf: string }[]
  links: unknown[]
}

async function importFile(page: Page, document: unknown, name: string, onConflict: 'skip' | 'update'): Promise<void> {
  const path = join(dir, name)
  await writeFile(path, JSON.stringify(document))
  const chooser = page.waitForEvent('filechooser')
  await page.getByTestId('jobs-import').click()
  await (await chooser).setFiles(path)
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByText(name)).toBeVisible()
  await dialog.getByTestId(`import-conflict-${onConflict}`).check()
  await dialog.getByTestId('import-submit').click()
}

test('selected jobs export to a JSON file; importing it skips or updates, a new name creates, and a bad file is refused with every problem', async ({
  page,
}) => {
  await openConsole(page, server())
  await goTo(page, 'jobs')
  const names = ['Demo: hello every 2 seconds', 'Demo: a job that fails (run it by hand)']
  for (const name of names) await jobRow(page, name).getByTestId('job-select').check()

  const download = page.waitForEvent('download')
  await page.getByTestId('jobs-export').click()
  await page.getByTestId('jobs-export-selected').click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(/^jobdesk-jobs-2-\d{4}-\d{2}-\d{2}-\d{4}\.json$/)
  const exported = JSON.parse(await readFile(await file.path(), 'utf8')) as ExportFile
  expect(exported.format).toBe('jobdesk.jobs')
  expect(exported.jobs.map((job) => job.name).sort()).toEqual([...names].sort())

  // The same jobs again: both exist, so "skip" leaves them.
  await importFile(page, exported, 'same.json', 'skip')
  const counts = page.getByRole('dialog').getByTestId('import-counts')
  await expect(counts).toHaveAttribute('data-skipped', '2')
  await expect(counts).toHaveAttribute('data-created', '0')
  await expect(page.getByRole('dialog').getByTestId('import-note')).toHaveCount(2)
  await page.keyboard.press('Escape')

  // Two problems at once: nothing is imported and the dialog lists both.
  const broken = structuredClone(exported)
  broken.jobs[0].scheduleConf = '0 0 25 * * ?'
  broken.jobs[1].name = ''
  await importFile(page, broken, 'broken.json', 'update')
  const refused = page.getByRole('dialog').getByTestId('import-refused')
  await expect(refused.getByTestId('import-problem')).toHaveCount(2)
  await expect(refused).toContainText('scheduleConf')
  await expect(refused).toContainText('name')
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('job-row')).toHaveCount(3)

  // A renamed job is created, the other updated.
  const renamed = structuredClone(exported)
  const failing = renamed.jobs.find((job) => job.name === names[1])!
  failing.name = 'Imported copy of the failing job'
  await importFile(page, renamed, 'renamed.json', 'update')
  await expect(page.getByRole('dialog').getByTestId('import-counts')).toHaveAttribute('data-created', '1')
  await expect(page.getByRole('dialog').getByTestId('import-counts')).toHaveAttribute('data-updated', '1')
  await page.keyboard.press('Escape')
  await expect(jobRow(page, 'Imported copy of the failing job')).toHaveCount(1)
})

test('copying a job opens the editor with its fields under a new name and saves a second job', async ({ page }) => {
  await openConsole(page, server())
  await goTo(page, 'jobs')
  await jobRow(page, 'Demo: hello every 2 seconds').getByTestId('job-copy').click()
  const editor = page.getByTestId('job-editor-form')
  await expect(editor.getByTestId('field-name')).toHaveValue('Demo: hello every 2 seconds (copy)')
  await expect(editor.getByTestId('field-scheduleConf')).toHaveValue('0/2 * * * * ?')
  await expect(editor.getByTestId('field-executorHandler')).toHaveValue('demoJobHandler')
  await editor.getByTestId('editor-save').click()
  await expect(page.getByTestId('job-editor-form')).toHaveCount(0)
  await expect(jobRow(page, 'Demo: hello every 2 seconds (copy)')).toHaveCount(1)
  await expect(jobRow(page, 'Demo: hello every 2 seconds')).toHaveCount(1)
})
