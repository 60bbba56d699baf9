import { expect, test } from '@playwright/test'
import { chooseWireOption, goTo, jobRow, openConsole } from './support/console-page'
import { useHeadlessServer } from './support/headless-server'

// Script jobs run on the JobDesk host only when the operator turns them on.
const server = useHeadlessServer({ extraArgs: ['--enable-scripts'] })

const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='
const SCRIPT = [
  '#!/bin/bash',
  `printf 'city,orders\\nBerlin,12\\n"Shanghai, PD",30\\n' > "$JOBDESK_ARTIFACTS_DIR/orders.csv"`,
  `echo '${PNG_BASE64}' | base64 -d > "$JOBDESK_ARTIFACTS_DIR/dot.png"`,
  '',
].join('\n')

test('a GLUE script’s CSV and PNG are listed in the run view and previewed: the CSV as a table, the PNG as an image', async ({ page }) => {
  await openConsole(page, server())
  await goTo(page, 'jobs')
  await page.getByTestId('job-new').click()
  const editor = page.getByTestId('job-editor-form')
  await editor.getByTestId('field-name').fill('E2E artifacts')
  await editor.getByTestId('field-scheduleType').getByText('NONE', { exact: true }).click()
  await chooseWireOption(page, editor.getByTestId('field-glueType'), 'GLUE_SHELL')
  await editor.getByTestId('field-glueSource').fill(SCRIPT)
  await editor.getByTestId('editor-save').click()
  await expect(page.getByTestId('job-editor-form')).toHaveCount(0)

  await jobRow(page, 'E2E artifacts').getByTestId('job-trigger').click()
  await page.getByRole('dialog').getByTestId('trigger-submit').click()
  await page.getByRole('dialog').getByTestId('trigger-run-link').click()
  const detail = page.getByTestId('run-detail')
  await expect(detail).toHaveAttribute('data-status', 'success')

  const artifacts = detail.getByTestId('run-artifacts')
  const csv = artifacts.locator('[data-testid="artifact-row"][data-name="orders.csv"]')
  const png = artifacts.locator('[data-testid="artifact-row"][data-name="dot.png"]')
  await expect(csv).toContainText('text/csv')
  await expect(csv).toContainText('40 B')
  await expect(png).toContainText('image/png')

  await csv.getByTestId('artifact-preview').click()
  const table = artifacts.getByTestId('artifact-csv')
  await expect(table.getByTestId('artifact-csv-row')).toHaveCount(3)
  await expect(table.getByTestId('artifact-csv-row').nth(2)).toContainText('Shanghai, PD')

  await png.getByTestId('artifact-preview').click()
  const image = artifacts.getByTestId('artifact-image')
  await expect(image).toBeVisible()
  expect(await image.getAttribute('src')).toMatch(/^blob:/)
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1)
})
