import { Group, Select, TextInput } from '@mantine/core'
import { AUDIT_ACTIONS, AUDIT_OUTCOMES, type AuditFilter } from '../../../../shared/auth'
import { useT } from '../../i18n/use-t'
import { useJobDesk } from '../../store'

export const AUDIT_TIME_RANGES = { all: 0, '1h': 3600_000, '24h': 86_400_000, '7d': 7 * 86_400_000, '30d': 30 * 86_400_000 } as const
export type AuditTimeRange = keyof typeof AUDIT_TIME_RANGES

export interface AuditFilterDraft {
  actor: string
  action: string | null
  outcome: string | null
  groupId: string | null
  range: AuditTimeRange
  text: string
}

export const NO_AUDIT_FILTER: AuditFilterDraft = { actor: '', action: null, outcome: null, groupId: null, range: 'all', text: '' }

/** The core's filter for a draft, times relative to `nowMs`. */
export function toAuditFilter(draft: AuditFilterDraft, nowMs: number): AuditFilter {
  const span = AUDIT_TIME_RANGES[draft.range]
  return {
    ...(draft.actor.trim() ? { actor: draft.actor.trim() } : {}),
    ...(draft.action ? { action: draft.action as AuditFilter['action'] } : {}),
    ...(draft.outcome ? { outcome: draft.outcome as AuditFilter['outcome'] } : {}),
    ...(draft.groupId ? { groupId: Number(draft.groupId) } : {}),
    ...(span ? { sinceMs: nowMs - span } : {}),
    ...(draft.text.trim() ? { text: draft.text.trim() } : {}),
  }
}

export function AuditFilters({ draft, onChange }: { draft: AuditFilterDraft; onChange(draft: AuditFilterDraft): void }) {
  const t = useT()
  const groups = useJobDesk((s) => s.groups)
  const set = (patch: Partial<AuditFilterDraft>) => onChange({ ...draft, ...patch })
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <TextInput
        size="xs"
        label={t('audit.actor')}
        value={draft.actor}
        onChange={(e) => set({ actor: e.currentTarget.value })}
        data-testid="audit-filter-actor"
      />
      <Select
        size="xs"
        label={t('audit.action')}
        clearable
        searchable
        value={draft.action}
        onChange={(action) => set({ action })}
        data={AUDIT_ACTIONS.map((a) => ({ value: a, label: t(`auditAction.${a}`) }))}
        data-testid="audit-filter-action"
      />
      <Select
        size="xs"
        w={120}
        label={t('audit.outcome')}
        clearable
        value={draft.outcome}
        onChange={(outcome) => set({ outcome })}
        data={AUDIT_OUTCOMES.map((o) => ({ value: o, label: t(`auditOutcome.${o}`) }))}
        data-testid="audit-filter-outcome"
      />
      <Select
        size="xs"
        label={t('audit.group')}
        clearable
        value={draft.groupId}
        onChange={(groupId) => set({ groupId })}
        data={groups.map((g) => ({ value: String(g.id), label: g.name }))}
        data-testid="audit-filter-group"
      />
      <Select
        size="xs"
        w={130}
        label={t('audit.time')}
        allowDeselect={false}
        value={draft.range}
        onChange={(range) => range && set({ range: range as AuditTimeRange })}
        data={Object.keys(AUDIT_TIME_RANGES).map((r) => ({ value: r, label: t(`audit.range.${r as AuditTimeRange}`) }))}
        data-testid="audit-filter-time"
      />
      <TextInput
        size="xs"
        label={t('audit.search')}
        value={draft.text}
        onChange={(e) => set({ text: e.currentTarget.value })}
        data-testid="audit-filter-text"
      />
    </Group>
  )
}
