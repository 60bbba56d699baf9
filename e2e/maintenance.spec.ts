import { expect, test } from '@playwright/test'
import { goTo, openConsole } from './support/console-page'
import { useHeadlessServer } from './support/headless-server'

// No demo jobs: nothing here needs them, and pause-all holds back whatever is scheduled.
const server = useHeadlessServer({ extraArgs: ['--no-demo'] })
// Windows are edited in the browser's zone: UTC, so the times typed are the times listed.
test.use({ timezoneId: 'UTC' })

test('pause-all switched on with a reason shows on every page of every open console, with who and why; Resume hides it everywhere', async ({
  page,
  context,
}) => {
  await openConsole(page, server())
  const other = await context.newPage()
  await openConsole(other, server())
  await goTo(other, 'runs')
  await expect(other.getByTestId('maintenance-banner')).toHaveCount(0)

  await page.getByTestId('pause-all').click()
  await expect(page.getByTestId('pause-confirm')).toBeDisabled()
  await page.getByTestId('pause-reason').fill('storage migration until 23:00')
  await page.getByTestId('pause-confirm').click()
  await expect(page.getByTestId('maintenance-banner-text')).toContainText(
    /^Paused by console token since \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}: storage migration until 23:00$/,
  )
  await expect(page.getByTestId('pause-all')).toHaveCount(0)
  // The other console, on another page, is told at once.
  await expect(other.getByTestId('maintenance-banner-text')).toContainText('Paused by console token since')
  await expect(other.getByTestId('maintenance-banner-text')).toContainText('storage migration until 23:00')
  // And it stays on every page.
  await goTo(page, 'jobs')
  await expect(page.getByTestId('maintenance-banner')).toContainText('storage migration until 23:00')
  await goTo(page, 'calendars')
  await expect(page.getByTestId('maintenance-banner')).toBeVisible()

  await other.getByTestId('maintenance-resume').click()
  await other.getByTestId('maintenance-resume-confirm').click()
  await expect(other.getByTestId('maintenance-banner')).toHaveCount(0)
  await expect(page.getByTestId('maintenance-banner')).toHaveCount(0)
  await expect(page.getByTestId('pause-all')).toBeVisible()
})

test('maintenance windows added through the dialog are listed with when they open and what they hold; one is removed', async ({ page }) => {
  await openConsole(page, server())
  await goTo(page, 'calendars')
  await page.getByTestId('calendars-view').getByText('Maintenance windows').click()
  await expect(page.getByTestId('windows-empty')).toBeVisible()

  await page.getByTestId('window-new').click()
  const editor = page.getByTestId('window-editor')
  await editor.getByTestId('window-name').fill('db move')
  await editor.getByTestId('window-start').fill('2030-01-05T22:00')
  await editor.getByTestId('window-end').fill('2030-01-06T02:00')
  await editor.getByTestId('window-kill-running').click()
  await editor.getByTestId('window-save').click()
  await expect(page.getByTestId('window-editor')).toHaveCount(0)
  const once = page.getByTestId('window-db move')
  await expect(once).toContainText('2030-01-05 22:00 → 2030-01-06 02:00 (UTC)')
  await expect(once).toContainText('Everything')
  await expect(once.getByRole('cell').nth(3)).toHaveText('Yes')

  // A recurring one: its next span, as the server's cron reads it.
  await page.getByTestId('window-new').click()
  await editor.getByTestId('window-name').fill('patch night')
  await editor.getByTestId('window-kind').getByText('Recurring').click()
  await editor.getByTestId('window-cron').fill('0 0 2 ? * SAT')
  await editor.getByTestId('window-duration').fill('120')
  await editor.getByTestId('window-save').click()
  await expect(page.getByTestId('window-editor')).toHaveCount(0)
  const recurring = page.getByTestId('window-patch night')
  await expect(recurring).toContainText(/next \d{4}-\d{2}-\d{2} 02:00 → \d{4}-\d{2}-\d{2} 04:00/)
  await expect(recurring).toContainText('0 0 2 ? * SAT for 120 min (UTC)')

  // A cron the server cannot read is refused in the dialog, with its words.
  await page.getByTestId('window-new').click()
  await editor.getByTestId('window-name').fill('broken')
  await editor.getByTestId('window-kind').getByText('Recurring').click()
  await editor.getByTestId('window-cron').fill('0 0 25 * * ?')
  await editor.getByTestId('window-save').click()
  await expect(editor.getByTestId('window-error')).toContainText('25')
  await page.keyboard.press('Escape')

  await once.getByTestId('window-remove').click()
  await page.getByTestId('window-remove-confirm').click()
  await expect(page.getByTestId('window-db move')).toHaveCount(0)
  await expect(page.getByTestId('window-patch night')).toBeVisible()
})
