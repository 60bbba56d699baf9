import { Badge, Text } from '@mantine/core'
import { useEffect } from 'react'
import type { AuditVia, PrincipalKind } from '../../../../shared/auth'
import { useT, type Translate } from '../../i18n/use-t'
import { parseAuditTarget, type AuditTarget } from '../../lib/audit/audit-target'
import { useJobDesk } from '../../store'
import { selectGroupsById, selectJobsById } from '../../store/jobs/selectors'
import { selectUsers } from '../../store/users/selectors'

type NameOf = (kind: Extract<AuditTarget, { id: number }>['kind'], id: number) => string | undefined

/** Users and flows are read by their own pages; the trail (an admin's page) reads them once too, to name them. */
export function useReadAuditNames(): void {
  const fetchUsers = useJobDesk((s) => s.fetchUsers)
  const fetchFlows = useJobDesk((s) => s.fetchFlows)
  useEffect(() => {
    void fetchUsers().catch(() => {})
    void fetchFlows().catch(() => {})
  }, [fetchUsers, fetchFlows])
}

/** The names the console holds for what the trail names by id; a deleted or unread one has none. */
function useNames(): NameOf {
  const jobs = useJobDesk(selectJobsById)
  const groups = useJobDesk(selectGroupsById)
  const users = useJobDesk(selectUsers)
  const flows = useJobDesk((s) => s.flowSummaries)
  return (kind, id) => {
    if (kind === 'job') return jobs.get(id)?.name
    if (kind === 'group') return groups.get(id)?.name
    if (kind === 'user') return users.find((user) => user.id === id)?.name
    if (kind === 'flow') return flows.find((summary) => summary.flow.id === id)?.flow.name
    return undefined
  }
}

function byId(t: Translate, nameOf: NameOf, kind: Extract<AuditTarget, { id: number }>['kind'], id: number): string {
  const name = nameOf(kind, id)
  const kindWord = t(`auditTarget.kind.${kind}`)
  return name === undefined ? t('auditTarget.byId', { kind: kindWord, id }) : t('auditTarget.named', { kind: kindWord, name, id })
}

function targetText(t: Translate, nameOf: NameOf, target: AuditTarget): string {
  switch (target.kind) {
    case 'newJob':
    case 'newGroup':
    case 'newFlow':
      return t(`auditTarget.${target.kind}`)
    case 'link':
      return t('auditTarget.link', { parent: byId(t, nameOf, 'job', target.parentId), child: byId(t, nameOf, 'job', target.childId) })
    case 'text':
      // A refused call names the API method it refused: a wire name, said as one.
      return /^[a-z][A-Za-z]+$/.test(target.text) ? t('auditTarget.method', { method: target.text }) : target.text
    default:
      return 'id' in target ? byId(t, nameOf, target.kind, target.id) : t('auditTarget.name', { kind: t(`auditTarget.kind.${target.kind}`), name: target.name })
  }
}

/** The "On" cell: what the entry is about, by name where the console knows it, in the console's words. */
export function AuditTargetCell({ target }: { target: string }) {
  const t = useT()
  const nameOf = useNames()
  return (
    <span title={target} data-testid="audit-target">
      {targetText(t, nameOf, parseAuditTarget(target))}
    </span>
  )
}

/** The "Who" cell: the actor and, dimmed, what kind of credential it acted with. */
/** Who did it, of what kind, and — for an agent through an MCP token — a badge saying so. */
export function AuditActorCell({ actor, kind, via = '' }: { actor: string; kind: PrincipalKind | 'anonymous'; via?: AuditVia }) {
  const t = useT()
  return (
    <>
      {actor}{' '}
      <Text span size="xs" c="dimmed" data-testid="audit-actor-kind">
        ({t(`auditActor.${kind}`)})
      </Text>
      {via === 'mcp' && (
        <Badge size="xs" variant="light" color="violet" ml={4} title={t('audit.viaMcpHint')} data-testid="audit-via">
          {t('audit.viaMcp')}
        </Badge>
      )}
    </>
  )
}
