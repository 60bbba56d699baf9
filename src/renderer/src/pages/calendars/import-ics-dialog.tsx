import { Alert, Button, FileInput, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core'
import { useMemo, useState } from 'react'
import type { CalendarImportReport } from '../../../../shared/calendar/business-calendar'
import { useErrorText, useT } from '../../i18n/use-t'
import { listTimeZones } from '../../lib/format/format-time'
import { importCalendar } from '../../services/calendars'

/**
 * Imports a public holiday feed (`.ics`) into a calendar: a new one named here, or the one named,
 * whose holidays and make-up days it adds to. The file is read here and sent as text.
 */
export function ImportIcsDialog(props: { name: string; defaultZone: string; onClose: () => void; onImported: (report: CalendarImportReport) => void }) {
  const t = useT()
  const errorText = useErrorText()
  const zones = useMemo(listTimeZones, [])
  const [name, setName] = useState(props.name)
  const [timezone, setTimezone] = useState(props.defaultZone)
  const [file, setFile] = useState<File | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const run = async () => {
    if (file === null) return
    setBusy(true)
    try {
      props.onImported(await importCalendar({ name: name.trim(), ics: await file.text(), timezone }))
    } catch (failure) {
      setError(errorText(failure))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal opened onClose={props.onClose} title={t('calendars.importTitle')}>
      <Stack gap="sm" data-testid="calendar-import">
        <Text size="sm" c="dimmed">
          {t('calendars.importHint')}
        </Text>
        {error && (
          <Alert color="red" data-testid="calendar-import-error">
            {error}
          </Alert>
        )}
        <TextInput label={t('calendars.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} data-testid="calendar-import-name" />
        <Select label={t('calendars.zoneIfNew')} searchable data={zones} value={timezone} onChange={(zone) => zone && setTimezone(zone)} />
        <FileInput label={t('calendars.icsFile')} accept=".ics,text/calendar" value={file} onChange={setFile} data-testid="calendar-import-file" />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => void run()} loading={busy} disabled={file === null || name.trim() === ''} data-testid="calendar-import-run">
            {t('calendars.import')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
