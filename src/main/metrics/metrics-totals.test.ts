import { describe, expect, it } from 'vitest'
import { withoutLabel } from './metrics-totals'

const SCRAPE = [
  '# HELP jobdesk_executors Registered executor addresses, by group (app name) and health.',
  '# TYPE jobdesk_executors gauge',
  'jobdesk_executors{group="app-a",health="online"} 2',
  'jobdesk_executors{group="app-b",health="online"} 3',
  'jobdesk_executors{group="app-b",health="dead"} 1',
  '# TYPE jobdesk_run_duration_seconds histogram',
  'jobdesk_run_duration_seconds_bucket{le="0.01",group="app-a"} 1',
  'jobdesk_run_duration_seconds_bucket{le="+Inf",group="app-a"} 4',
  'jobdesk_run_duration_seconds_sum{group="app-a"} 2.5',
  'jobdesk_run_duration_seconds_count{group="app-a"} 4',
  'jobdesk_run_duration_seconds_bucket{le="0.01",group="app-b"} 2',
  'jobdesk_run_duration_seconds_bucket{le="+Inf",group="app-b"} 2',
  'jobdesk_run_duration_seconds_sum{group="app-b"} 0.25',
  'jobdesk_run_duration_seconds_count{group="app-b"} 2',
  'jobdesk_fires_total{trigger_type="CRON"} 7',
  'jobdesk_ring_pending 5',
  '',
].join('\n')

describe('metrics without a label', () => {
  it('adds up the series that differ only by the label, bucket by bucket, and leaves the rest as it was', () => {
    expect(withoutLabel(SCRAPE, 'group').split('\n')).toEqual([
      '# HELP jobdesk_executors Registered executor addresses, by group (app name) and health.',
      '# TYPE jobdesk_executors gauge',
      'jobdesk_executors{health="online"} 5',
      'jobdesk_executors{health="dead"} 1',
      '# TYPE jobdesk_run_duration_seconds histogram',
      'jobdesk_run_duration_seconds_bucket{le="0.01"} 3',
      'jobdesk_run_duration_seconds_bucket{le="+Inf"} 6',
      'jobdesk_run_duration_seconds_sum 2.75',
      'jobdesk_run_duration_seconds_count 6',
      'jobdesk_fires_total{trigger_type="CRON"} 7',
      'jobdesk_ring_pending 5',
      '',
    ])
  })

  it('reads label values with escaped quotes and commas as one value', () => {
    const text = 'm{group="a\\",b",kind="x"} 1\nm{group="c",kind="x"} 2'
    expect(withoutLabel(text, 'group')).toBe('m{kind="x"} 3')
  })
})
