import { expect, test } from '@playwright/test'
import { startHeadlessServer, type HeadlessServer } from '../test/support/headless-process'
import { plantScaleDatabase, type ScaleDatabase } from '../test/support/scale-database'
import { chooseOption } from './support/console-page'

/**
 * Issue 44: with more jobs than the DAG draws (it then draws the chains only) and not one child
 * link, the DAG said "No jobs yet." beside a Jobs page of thousands. It says what is true, and
 * every count reads as the language writes numbers.
 */
const JOBS = 1_200

let database: ScaleDatabase
let server: HeadlessServer

test.beforeAll(async () => {
  test.setTimeout(120_000)
  database = plantScaleDatabase(JOBS, 10)
  server = await startHeadlessServer({ dataDir: database.dir, extraArgs: ['--no-demo'] })
})

test.afterAll(async () => {
  await server?.stop({ keepDataDir: true })
  database?.remove()
})

test('with 1,200 jobs and no link the DAG says none is linked, not that there are no jobs', async ({ page }) => {
  await page.goto(server.url)
  await page.getByTestId('nav-jobs').click()
  await expect(page.getByTestId('jobs-count')).toHaveText('1,200 jobs')

  await page.getByTestId('nav-dag').click()
  const empty = page.getByTestId('dag-empty')
  await expect(empty).toHaveAttribute('data-total', String(JOBS))
  await expect(empty).toContainText('No child links yet: 1,200 jobs, none linked.')
  await expect(empty).not.toContainText('No jobs yet')

  await chooseOption(page, page.getByTestId('language-switch'), '简体中文')
  await expect(empty).toContainText('尚无子任务关联：共 1,200 个任务，均未关联。')
  await page.getByTestId('nav-jobs').click()
  await expect(page.getByTestId('jobs-count')).toHaveText('共 1,200 个任务')
})
