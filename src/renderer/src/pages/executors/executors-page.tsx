import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { useEffect, useState } from 'react'
import type { GroupInput } from '../../../../shared/api'
import type { JobGroup } from '../../../../shared/model'
import { useNow } from '../../components/use-now'
import { useT } from '../../i18n/use-t'
import { selectIsAdmin } from '../../store/session/selectors'
import { straysOf } from '../../lib/executors/executor-health'
import { useJobDesk } from '../../store'
import { selectGroups } from '../../store/jobs/selectors'
import { selectRegistry } from '../../store/executors/selectors'
import { GroupCard } from './group-card'
import { GroupEditor, NEW_GROUP } from './group-editor'

/**
 * Re-read while the page is shown: registrations and deaths are pushed, but an address turning
 * suspect (a missed beat) is not, and neither are the running runs per address.
 */
const REFRESH_MS = 2000

export function ExecutorsPage() {
  const t = useT()
  const admin = useJobDesk(selectIsAdmin)
  const groups = useJobDesk(selectGroups)
  const registry = useJobDesk(selectRegistry)
  const runningByAddress = useJobDesk((s) => s.runningByAddress)
  const fetchRegistry = useJobDesk((s) => s.fetchRegistry)
  const fetchRunningByAddress = useJobDesk((s) => s.fetchRunningByAddress)
  const deleteGroup = useJobDesk((s) => s.deleteGroup)
  const nowMs = useNow(1000)
  const [editing, setEditing] = useState<GroupInput | null>(null)
  const [deleting, setDeleting] = useState<JobGroup | null>(null)

  useEffect(() => {
    const refresh = () => {
      void fetchRegistry().catch(() => {})
      void fetchRunningByAddress().catch(() => {})
    }
    refresh()
    const timer = setInterval(refresh, REFRESH_MS)
    return () => clearInterval(timer)
  }, [fetchRegistry, fetchRunningByAddress])

  const strays = straysOf(groups, registry)
  const edit = (group: JobGroup) =>
    setEditing({
      id: group.id,
      appName: group.appName,
      name: group.name,
      addressType: group.addressType,
      addressList: group.addressList,
      accessToken: group.accessToken,
      scriptsAllowed: group.scriptsAllowed,
      maxConcurrent: group.maxConcurrent ?? 0,
    })

  return (
    <div className="jd-page jd-page-scroll" data-testid="page-executors">
      <Group justify="space-between">
        <Title order={2}>{t('executors.title')}</Title>
        {admin && (
          <Button onClick={() => setEditing(NEW_GROUP)} data-testid="group-new">
            {t('executors.new')}
          </Button>
        )}
      </Group>
      <Stack gap="md">
        {groups.map((group) => (
          <GroupCard key={group.id} group={group} registry={registry} runningByAddress={runningByAddress} nowMs={nowMs} onEdit={edit} onDelete={setDeleting} />
        ))}
        {strays.length > 0 && (
          <Alert color="orange" title={t('executors.strays')}>
            {strays.map((entry) => `${entry.appName} ${entry.address}`).join(', ')}
          </Alert>
        )}
      </Stack>
      <GroupEditor initial={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        title={deleting ? t('executors.deleteTitle', { name: deleting.name }) : ''}
        confirmLabel={t('common.delete')}
        confirmTestId="group-delete-confirm"
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) void deleteGroup(deleting.id)
          setDeleting(null)
        }}
      >
        <Text size="sm">{t('executors.deleteBody')}</Text>
      </ConfirmDialog>
    </div>
  )
}
