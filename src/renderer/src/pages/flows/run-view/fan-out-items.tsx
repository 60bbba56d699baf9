import { Group, Pagination, SegmentedControl, Stack, Table, Text } from '@mantine/core'
import { useMemo, useState } from 'react'
import type { FlowNodeItemRun } from '../../../../../shared/flow-types'
import { RunLink } from '../../../components/run-link'
import { useLanguage, useT } from '../../../i18n/use-t'
import { excerpt, failedItems, itemCounts, itemsPage } from '../../../lib/flows/flow-run-kinds'
import { formatCount } from '../../../lib/format/format-time'
import { Elapsed } from '../elapsed'
import { FlowNodeStateBadge } from '../flow-state-badge'

/** Rows a page shows: a fan-out may have 10,000 items, the panel draws a page of them at a time. */
const PAGE_SIZE = 50

type Filter = 'all' | 'failed'

/**
 * A fan-out node's items: how many succeeded, run and failed of all, then a page of them (index,
 * state, its latest run, time, the start of its output). "Failed only" finds the few that went
 * wrong among thousands.
 */
export function FanOutItems({ items }: { items: readonly FlowNodeItemRun[] }) {
  const t = useT()
  const language = useLanguage()
  const [page, setPage] = useState(0)
  const [filter, setFilter] = useState<Filter>('all')
  const counts = useMemo(() => itemCounts(items), [items])
  const shown = useMemo(() => (filter === 'all' ? items : failedItems(items)), [items, filter])
  const { rows, pages, page: at } = itemsPage(shown, page, PAGE_SIZE)
  const n = (value: number) => formatCount(value, language)
  return (
    <Stack gap={6} data-testid="flow-node-items" data-total={counts.total}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" data-testid="flow-node-items-counts">
          {t('flowNode.itemCounts', { done: n(counts.done), running: n(counts.running), failed: n(counts.failed), total: n(counts.total) })}
        </Text>
        <SegmentedControl
          size="xs"
          value={filter}
          onChange={(value) => {
            setFilter(value as Filter)
            setPage(0)
          }}
          data={[
            { value: 'all', label: t('flowNode.itemsAll') },
            { value: 'failed', label: t('flowNode.itemsFailed') },
          ]}
          data-testid="flow-node-items-filter"
        />
      </Group>
      <Table.ScrollContainer minWidth={360}>
        <Table className="jd-flow-items-table" striped withRowBorders={false} verticalSpacing={2} fz="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('flowNode.itemIndex')}</Table.Th>
              <Table.Th>{t('flowNode.state')}</Table.Th>
              <Table.Th>{t('flowNode.itemRun')}</Table.Th>
              <Table.Th>{t('flowNode.duration')}</Table.Th>
              <Table.Th>{t('flowNode.output')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((item) => {
              const latest = item.runIds.at(-1)
              return (
                <Table.Tr key={item.index} data-testid="flow-node-item" data-index={item.index} data-state={item.state}>
                  <Table.Td className="jd-mono">{item.index}</Table.Td>
                  <Table.Td>
                    <FlowNodeStateBadge state={item.state} />
                  </Table.Td>
                  <Table.Td>
                    {latest === undefined ? '—' : <RunLink size="xs" runId={latest} testId="flow-node-item-run" />}
                    {item.runIds.length > 1 && (
                      <Text span size="xs" c="dimmed">
                        {' '}
                        {t('flowNode.itemTries', { count: item.runIds.length })}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Elapsed startMs={item.startTimeMs} endMs={item.endTimeMs} live={item.state === 'running'} />
                  </Table.Td>
                  <Table.Td className="jd-flow-items-output jd-mono" title={item.output} data-truncate>
                    {excerpt(item.output)}
                  </Table.Td>
                </Table.Tr>
              )
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {shown.length === 0 && (
        <Text size="xs" c="dimmed">
          {t('flowNode.itemsNone')}
        </Text>
      )}
      {pages > 1 && <Pagination size="xs" total={pages} value={at + 1} onChange={(value) => setPage(value - 1)} data-testid="flow-node-items-pages" />}
    </Stack>
  )
}
