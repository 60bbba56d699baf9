import { expect, test } from '@playwright/test'
import { chooseOption, goTo, openConsole } from './support/console-page'
import { useHeadlessServer } from './support/headless-server'

// No demo jobs (one fires every 2 s): the agenda below lists this test's job alone.
const server = useHeadlessServer({ extraArgs: ['--no-demo'] })
// The browser's days are UTC days, as the job's.
test.use({ timezoneId: 'UTC' })

/** YYYY-MM-DD of today + `days`, in UTC (the job below runs in UTC). */
const dayFromToday = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

/** A feed as public holiday feeds are: all-day events, a range, CRLF lines. */
function feed(from: string, to: string): string {
  const compact = (date: string) => date.replaceAll('-', '')
  const end = compact(new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10))
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'BEGIN:VEVENT',
    `DTSTART;VALUE=DATE:${compact(from)}`,
    `DTEND;VALUE=DATE:${end}`,
    'SUMMARY:E2E days off',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n')
}

test('an imported .ics calendar shows its holidays, and a job following it skips them in its next fires', async ({ page }) => {
  const first = dayFromToday(1)
  const last = dayFromToday(3)
  await openConsole(page, server())
  await goTo(page, 'calendars')
  await page.getByTestId('calendar-import-open').click()
  const dialog = page.getByTestId('calendar-import')
  await dialog.getByTestId('calendar-import-name').fill('e2e-days-off')
  await page.locator('input[type=file]').setInputFiles({ name: 'days-off.ics', mimeType: 'text/calendar', buffer: Buffer.from(feed(first, last)) })
  await dialog.getByTestId('calendar-import-run').click()
  await expect(page.getByTestId('calendar-import')).toHaveCount(0)
  await expect(page.getByTestId('calendar-e2e-days-off')).toBeVisible()
  // The grid shows today's month: the first day off is marked a holiday when it falls in it.
  const [, month, day] = first.split('-').map(Number)
  if (month === new Date().getUTCMonth() + 1) await expect(page.getByTestId(`day-${day}`)).toHaveAttribute('data-kind', 'holiday')

  await goTo(page, 'jobs')
  await page.getByTestId('job-new').click()
  const editor = page.getByTestId('job-editor-form')
  await editor.getByTestId('field-name').fill('E2E business-day report')
  await editor.getByTestId('field-executorHandler').fill('demoJobHandler')
  await editor.getByTestId('field-scheduleConf').fill('0 0 10 * * ?')
  await chooseOption(page, editor.getByTestId('field-timezone'), 'UTC')
  await expect(editor.getByTestId('schedule-preview').getByTestId('preview-time')).toHaveCount(5)
  await expect(editor.getByTestId('schedule-preview')).toContainText(first)

  await chooseOption(page, editor.getByTestId('field-calendar'), 'e2e-days-off')
  await chooseOption(page, editor.getByTestId('field-calendarRule'), 'Days off')
  // On days off only (weekends too): the three days are among the next five.
  const preview = editor.getByTestId('schedule-preview')
  await expect(preview).toContainText(`${first} 10:00:00`)
  await expect(preview).toContainText(`${last} 10:00:00`)

  await chooseOption(page, editor.getByTestId('field-calendarRule'), 'Business days')
  for (const date of [first, dayFromToday(2), last]) await expect(preview).not.toContainText(date)
  await editor.getByTestId('editor-save').click()
  await expect(page.getByTestId('job-editor-form')).toHaveCount(0)

  // Started, it shows in what will fire: its days off struck through, with the holiday's name.
  await page.getByTestId('job-row').filter({ hasText: 'E2E business-day report' }).getByTestId('job-start').click()
  await goTo(page, 'calendars')
  await page.getByTestId('calendars-view').getByText('What will fire').click()
  await page.getByTestId('agenda-run').click()
  await expect(page.getByTestId('agenda-summary')).toContainText('fires')
  const dayOff = page.getByTestId(`agenda-day-${first}`)
  await expect(dayOff).toContainText('1 not fired')
  await dayOff.getByText(first).click()
  await expect(dayOff.getByTestId('agenda-skip')).toContainText('holiday (E2E days off)')
  await expect(dayOff.getByTestId('agenda-fire')).toHaveCount(0)
})

test('a CSV of days makes a calendar; a bad row is told at its line, and a fixed file is taken', async ({ page }) => {
  const first = dayFromToday(1)
  const csv = (rows: string[]) => ({ name: 'days.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${rows.join('\r\n')}\r\n`) })
  await openConsole(page, server())
  await goTo(page, 'calendars')
  await page.getByTestId('calendar-import-open').click()
  const dialog = page.getByTestId('calendar-import')
  await dialog.getByTestId('calendar-import-name').fill('e2e-csv')
  await page.locator('input[type=file]').setInputFiles(csv(['date,name,kind', `${first},"Bank day, CSV"`, '2026-13-01,not a day']))
  await expect(dialog.getByTestId('calendar-import-format')).toHaveAttribute('data-format', 'csv')
  await dialog.getByTestId('calendar-import-run').click()
  await expect(dialog.getByTestId('calendar-import-problem')).toHaveText(
    "line 3: '2026-13-01' is not a date or a range: write YYYY-MM-DD or YYYY-MM-DD..YYYY-MM-DD",
  )
  await expect(page.getByTestId('calendar-e2e-csv')).toHaveCount(0)

  await page.locator('input[type=file]').setInputFiles(csv(['date,name,kind', `${first},"Bank day, CSV"`, '2030-01-05,,workday']))
  await dialog.getByTestId('calendar-import-run').click()
  await expect(page.getByTestId('calendar-import')).toHaveCount(0)
  await page.getByTestId('calendar-e2e-csv').click()
  await expect(page.getByTestId('page-calendars')).toContainText('1 holidays, 1 make-up days')
  const [, month, day] = first.split('-').map(Number)
  if (month === new Date().getUTCMonth() + 1) await expect(page.getByTestId(`day-${day}`)).toContainText('Bank day, CSV')
})
