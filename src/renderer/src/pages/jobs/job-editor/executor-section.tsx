import { Autocomplete, Group, NumberInput, Select, Stack, Textarea } from '@mantine/core'
import { useEffect } from 'react'
import { BLOCK_STRATEGIES, ROUTE_STRATEGIES, type BlockStrategy, type RouteStrategy } from '../../../../../shared/model'
import { useT } from '../../../i18n/use-t'
import { useJobDesk } from '../../../store'
import { selectGroups } from '../../../store/jobs/selectors'
import type { SectionProps } from './section-props'
import { enumOptions, renderEnumOption } from '../../../components/enum-label'

/** NumberInput gives '' while the field is empty: treat that as 0 so the draft stays a number. */
export function wholeNumber(value: string | number): number {
  return typeof value === 'number' ? Math.trunc(value) : 0
}

export function ExecutorSection({ draft, setField, errors }: SectionProps) {
  const t = useT()
  const groups = useJobDesk(selectGroups)
  const catalog = useJobDesk((s) => s.handlerCatalogs[draft.jobGroup])
  const fetchHandlerCatalog = useJobDesk((s) => s.fetchHandlerCatalog)
  useEffect(() => {
    fetchHandlerCatalog(draft.jobGroup).catch(() => {})
  }, [draft.jobGroup, fetchHandlerCatalog])
  const handler = draft.executorHandler.trim()
  // Only the embedded executor and JobDesk agents say which handlers they have; elsewhere any name may be right.
  const unknownHandler = draft.glueType === 'BEAN' && catalog?.known === true && handler !== '' && !catalog.handlers.includes(handler)
  return (
    <Stack gap="sm">
      <Group grow align="flex-start">
        <Select
          label={t('editor.jobGroup')}
          data={groups.map((group) => ({ value: String(group.id), label: `${group.name} (${group.appName})` }))}
          value={String(draft.jobGroup)}
          onChange={(value) => value && setField('jobGroup', Number(value))}
          allowDeselect={false}
          error={errors.jobGroup}
          data-testid="field-jobGroup"
        />
        <Select
          label={t('editor.routeStrategy')}
          data={enumOptions(t, 'route', ROUTE_STRATEGIES)}
          renderOption={renderEnumOption}
          value={draft.executorRouteStrategy}
          onChange={(value) => value && setField('executorRouteStrategy', value as RouteStrategy)}
          allowDeselect={false}
          description={t(`route.${draft.executorRouteStrategy}`)}
          error={errors.executorRouteStrategy}
          data-testid="field-executorRouteStrategy"
        />
      </Group>
      {/* A script job runs its source: XXL-JOB ignores the handler, so it is not asked (the draft keeps it for a switch back). */}
      {draft.glueType === 'BEAN' && (
        <Autocomplete
          label={t('editor.handler')}
          description={catalog?.known ? t('editor.handlerKnownHint') : t('editor.handlerHint')}
          data={catalog?.handlers ?? []}
          value={draft.executorHandler}
          onChange={(value) => setField('executorHandler', value)}
          error={errors.executorHandler ?? (unknownHandler ? t('editor.handlerUnknown', { name: handler }) : undefined)}
          classNames={{ input: 'jd-mono' }}
          data-testid="field-executorHandler"
          spellCheck={false}
          limit={50}
        />
      )}
      <Textarea
        label={t('editor.param')}
        value={draft.executorParam}
        onChange={(event) => setField('executorParam', event.currentTarget.value)}
        error={errors.executorParam}
        autosize
        minRows={1}
        maxRows={6}
        classNames={{ input: 'jd-mono' }}
        data-testid="field-executorParam"
      />
      <Group grow align="flex-start">
        <Select
          label={t('editor.blockStrategy')}
          data={enumOptions(t, 'block', BLOCK_STRATEGIES)}
          renderOption={renderEnumOption}
          value={draft.executorBlockStrategy}
          onChange={(value) => value && setField('executorBlockStrategy', value as BlockStrategy)}
          allowDeselect={false}
          description={t(`block.${draft.executorBlockStrategy}`)}
          error={errors.executorBlockStrategy}
          data-testid="field-executorBlockStrategy"
        />
        <NumberInput
          label={t('editor.timeout')}
          min={0}
          max={86_400}
          allowDecimal={false}
          value={draft.executorTimeoutSec}
          onChange={(value) => setField('executorTimeoutSec', wholeNumber(value))}
          error={errors.executorTimeoutSec}
        />
      </Group>
    </Stack>
  )
}
