import { Alert, Badge, Button, FileInput, Group, List, Modal, Select, Stack, Text, TextInput } from '@mantine/core'
import { useMemo, useState } from 'react'
import type { CalendarImportReport } from '../../../../shared/calendar/business-calendar'
import { useLanguage, useT } from '../../i18n/use-t'
import { calendarFileFormat, calendarFileRefusal, calendarImportRequest, type CalendarFileFormat } from '../../lib/calendars/calendar-file'
import type { ImportRefusal } from '../../lib/definitions/import-problems'
import { listTimeZones } from '../../lib/format/format-time'
import { importCalendar } from '../../services/calendars'

/** What the dialog reads a file as, beside the file itself. */
const ACCEPTED = '.ics,.csv,.yaml,.yml,text/calendar,text/csv,application/yaml,text/yaml'

interface ChosenFile {
  file: File
  text: string
  format: CalendarFileFormat
}

/**
 * Imports holidays and make-up workdays from a file into a calendar: a new one named here, or the
 * one named, whose days it adds to. An iCalendar feed (.ics), a CSV table or a YAML file of days,
 * told apart by the file's extension or else by what it holds; the file is read here and sent as text.
 */
export function ImportDaysDialog(props: { name: string; defaultZone: string; onClose: () => void; onImported: (report: CalendarImportReport) => void }) {
  const t = useT()
  const language = useLanguage()
  const zones = useMemo(listTimeZones, [])
  const [name, setName] = useState(props.name)
  const [timezone, setTimezone] = useState(props.defaultZone)
  const [chosen, setChosen] = useState<ChosenFile | null>(null)
  const [refusal, setRefusal] = useState<ImportRefusal | null>(null)
  const [busy, setBusy] = useState(false)

  const choose = async (file: File | null) => {
    setRefusal(null)
    if (file === null) return setChosen(null)
    const text = await file.text()
    setChosen({ file, text, format: calendarFileFormat(file.name, text) })
  }

  const run = async () => {
    if (chosen === null) return
    setBusy(true)
    try {
      props.onImported(await importCalendar(calendarImportRequest(name.trim(), chosen.format, chosen.text, timezone)))
    } catch (failure) {
      setRefusal(calendarFileRefusal(language, failure))
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
        {refusal && (
          <Alert color="red" title={refusal.summary} data-testid="calendar-import-error">
            {refusal.problems.length > 0 && (
              <List size="sm" spacing={2}>
                {refusal.problems.map((problem) => (
                  <List.Item key={problem} data-testid="calendar-import-problem">
                    {problem}
                  </List.Item>
                ))}
              </List>
            )}
          </Alert>
        )}
        <TextInput label={t('calendars.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} data-testid="calendar-import-name" />
        <Select label={t('calendars.zoneIfNew')} searchable data={zones} value={timezone} onChange={(zone) => zone && setTimezone(zone)} />
        <FileInput
          label={t('calendars.file')}
          accept={ACCEPTED}
          value={chosen?.file ?? null}
          onChange={(file) => void choose(file)}
          data-testid="calendar-import-file"
        />
        {chosen && (
          <Badge variant="light" w="fit-content" data-testid="calendar-import-format" data-format={chosen.format}>
            {t('calendars.fileFormat', { format: chosen.format.toUpperCase() })}
          </Badge>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => void run()} loading={busy} disabled={chosen === null || name.trim() === ''} data-testid="calendar-import-run">
            {t('calendars.import')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
