import { Alert, Badge, Button, Group, Stack, Table, Text } from '@mantine/core'
import { useCallback, useEffect, useMemo, useState } from 'react'
import type { WindowView } from '../../../../shared/calendar/maintenance-window'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { useJobsOf } from '../../components/use-jobs-of'
import { useErrorText, useLanguage, useT, type Translate } from '../../i18n/use-t'
import { notifySuccess } from '../../kit/notify'
import { formatDateTime } from '../../lib/format/format-time'
import { listWindows, removeWindow } from '../../services/windows'
import { useJobDesk } from '../../store'
import { selectFlowSummaries } from '../../store/flows/selectors'
import { selectGroupsById } from '../../store/jobs/selectors'
import { selectWindowsVersion } from '../../store/maintenance/selectors'
import { selectIsAdmin } from '../../store/session/selectors'
import { useWindowSpans, type NextSpan } from './use-window-spans'
import { WindowEditor } from './window-editor'
import { RowActions } from '../../components/row-actions'

/**
 * The Calendars page's maintenance windows: each with when it is open (the next span of a
 * recurring one), what it holds, whether it kills running work and whether it is on; admins add,
 * edit and remove them. Re-read whenever a window changes anywhere.
 */
export function MaintenanceWindows() {
  const t = useT()
  const language = useLanguage()
  const errorText = useErrorText()
  const isAdmin = useJobDesk(selectIsAdmin)
  const version = useJobDesk(selectWindowsVersion)
  const groupsById = useJobDesk(selectGroupsById)
  const flowSummaries = useJobDesk(selectFlowSummaries)
  const [windows, setWindows] = useState<WindowView[]>([])
  // When the list was read: the next spans shown are of that moment.
  const [nowMs, setNowMs] = useState(() => Date.now())
  const [error, setError] = useState<string | null>(null)
  const [editing, setEditing] = useState<WindowView | 'new' | null>(null)
  const [removing, setRemoving] = useState<WindowView | null>(null)
  const spans = useWindowSpans(windows, nowMs)
  const { jobsById } = useJobsOf(useMemo(() => windows.flatMap((w) => (w.scope.all ? [] : w.scope.jobIds)), [windows]))

  const refresh = useCallback(
    () =>
      listWindows().then(
        (list) => {
          setWindows(list)
          setNowMs(Date.now())
          setError(null)
        },
        (failure: unknown) => setError(errorText(failure)),
      ),
    [errorText],
  )
  useEffect(() => void refresh(), [refresh, version])

  const flowName = useMemo(() => new Map(flowSummaries.map((s) => [s.flow.id, s.flow.name])), [flowSummaries])
  const scopeText = (window: WindowView): string => {
    const { scope } = window
    if (scope.all) return t('windows.scopeAll')
    return [
      ...scope.groupIds.map((id) => t('windows.group', { name: groupsById.get(id)?.appName ?? `#${id}` })),
      ...scope.jobIds.map((id) => t('windows.job', { name: jobsById.get(id)?.name ?? `#${id}` })),
      ...scope.flowIds.map((id) => t('windows.flow', { name: flowName.get(id) ?? `#${id}` })),
    ].join(', ')
  }

  const remove = async (target: WindowView) => {
    setRemoving(null)
    try {
      await removeWindow({ id: target.id })
      notifySuccess(language, 'windows.removed', { name: target.name })
      await refresh()
    } catch (failure) {
      setError(errorText(failure))
    }
  }

  return (
    <Stack gap="sm" data-testid="maintenance-windows">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Text size="sm" c="dimmed">
          {t('windows.hint')}
        </Text>
        {isAdmin && (
          <Button size="xs" onClick={() => setEditing('new')} data-testid="window-new">
            {t('windows.new')}
          </Button>
        )}
      </Group>
      {error && <Alert color="red">{error}</Alert>}
      {windows.length === 0 ? (
        <Text c="dimmed" data-testid="windows-empty">
          {t('windows.empty')}
        </Text>
      ) : (
        <Table striped data-testid="windows-list">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('windows.col.name')}</Table.Th>
              <Table.Th>{t('windows.col.when')}</Table.Th>
              <Table.Th>{t('windows.col.scope')}</Table.Th>
              <Table.Th>{t('windows.col.killRunning')}</Table.Th>
              <Table.Th>{t('windows.col.enabled')}</Table.Th>
              {isAdmin && <Table.Th />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {windows.map((window) => (
              <Table.Tr key={window.id} data-testid={`window-${window.name}`}>
                <Table.Td>{window.name}</Table.Td>
                <Table.Td>
                  <WhenCell t={t} window={window} span={spans.get(window.id)} />
                </Table.Td>
                <Table.Td>{scopeText(window)}</Table.Td>
                <Table.Td>{window.killRunning ? t('windows.yes') : t('windows.no')}</Table.Td>
                <Table.Td>
                  <Badge color={window.enabled ? 'teal' : 'gray'} variant="light">
                    {window.enabled ? t('windows.yes') : t('windows.no')}
                  </Badge>
                </Table.Td>
                {isAdmin && (
                  <Table.Td>
                    <RowActions onEdit={() => setEditing(window)} onRemove={() => setRemoving(window)} testId="window" />
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {editing !== null && (
        <WindowEditor
          editing={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null)
            notifySuccess(language, 'windows.saved', { name: saved.name })
            void refresh()
          }}
        />
      )}
      {removing && (
        <ConfirmDialog
          opened
          title={t('windows.removeTitle', { name: removing.name })}
          confirmLabel={t('common.delete')}
          confirmTestId="window-remove-confirm"
          onConfirm={() => void remove(removing)}
          onCancel={() => setRemoving(null)}
        >
          {t('windows.removeHint')}
        </ConfirmDialog>
      )}
    </Stack>
  )
}

/** When a window is open, in its own zone: a one-off's span; a recurring one's next span, and its rule. */
function WhenCell({ t, window, span }: { t: Translate; window: WindowView; span: NextSpan | null | undefined }) {
  const { timing, timezone } = window
  const time = (ms: number) => formatDateTime(ms, timezone).slice(0, 16)
  if (timing.kind === 'once') return <Text size="sm">{`${t('windows.once', { start: time(timing.startMs), end: time(timing.endMs) })} (${timezone})`}</Text>
  const next =
    span === undefined
      ? ''
      : span === null
        ? t('windows.recurringNone')
        : span.open
          ? t('windows.recurringOpen', { end: time(span.endMs) })
          : t('windows.recurringNext', { start: time(span.startMs), end: time(span.endMs) })
  return (
    <div>
      <Text size="sm">{next}</Text>
      <Text size="xs" c="dimmed" className="jd-mono">
        {t('windows.every', { cron: timing.cron, minutes: Math.round(timing.durationSec / 60), zone: timezone })}
      </Text>
    </div>
  )
}
