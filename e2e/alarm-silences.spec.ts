import { expect, test } from '@playwright/test'
import { goTo, openConsole } from './support/console-page'
import { useHeadlessServer } from './support/headless-server'

// The demo jobs give a job to silence; none of them is scheduled to fail while this runs.
const server = useHeadlessServer()

test("a silence set on a job from the dashboard is listed in force and marks the job's row; lifted, it is listed as lifted and the mark goes", async ({
  page,
}) => {
  await openConsole(page, server())
  await goTo(page, 'jobs')
  const firstRow = page.getByTestId('job-row').first()
  await expect(firstRow).toBeVisible()
  const jobId = await firstRow.getAttribute('data-job-id')
  await expect(firstRow.getByTestId('job-silenced')).toHaveCount(0)

  await goTo(page, 'dashboard')
  const silences = page.getByTestId('silences')
  await expect(silences.getByTestId('silences-empty')).toBeVisible()
  await silences.getByTestId('silence-target').fill(String(jobId))
  await silences.getByTestId('silence-reason').fill('db upgrade')
  await silences.getByTestId('silence-add').click()
  const row = silences.getByTestId('silence-row')
  await expect(row).toHaveCount(1)
  await expect(row).toContainText(`job ${jobId}`)
  await expect(row).toContainText('db upgrade')
  await expect(row).toContainText('In force')

  await goTo(page, 'jobs')
  const silencedRow = page.locator(`[data-testid="job-row"][data-job-id="${jobId}"]`)
  await expect(silencedRow.getByTestId('job-silenced')).toHaveText('Silenced')
  await expect(silencedRow.getByTestId('job-silenced')).toHaveAttribute('title', /db upgrade/)

  await goTo(page, 'dashboard')
  await silences.getByTestId('silence-lift').click()
  await expect(row).toContainText('Lifted by')
  await expect(silences.getByTestId('silence-lift')).toHaveCount(0)
  await goTo(page, 'jobs')
  await expect(silencedRow).toBeVisible()
  await expect(silencedRow.getByTestId('job-silenced')).toHaveCount(0)
})

test("a silence without a reason is refused with the server's words, and nothing is added", async ({ page }) => {
  await openConsole(page, server())
  await goTo(page, 'dashboard')
  const silences = page.getByTestId('silences')
  await expect(silences).toBeVisible()
  const listed = await silences.getByTestId('silence-row').count()
  await silences.getByTestId('silence-target').fill('1')
  await silences.getByTestId('silence-add').click()
  await expect(silences.getByTestId('silences-error')).toContainText('a silence needs a reason')
  await expect(silences.getByTestId('silence-row')).toHaveCount(listed)
})
