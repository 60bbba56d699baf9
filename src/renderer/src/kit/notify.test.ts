import { notifications, notificationsStore } from '@mantine/notifications'
import { beforeEach, describe, expect, it } from 'vitest'
import { notifyEvent } from './notify'

/** The toasts as Mantine holds them, shown or queued. */
const shown = () => [...notificationsStore.getState().notifications, ...notificationsStore.getState().queue]

beforeEach(() => notifications.clean())

describe('notices of one job', () => {
  it('share one toast that says how many it stands for; another job gets its own', () => {
    for (let run = 1; run <= 3; run++) notifyEvent('en', 'red', 'event.alarm', { id: run, name: 'nightly' }, 'exit code 1', undefined, 'alarm-job-7')
    notifyEvent('en', 'red', 'event.alarm', { id: 9, name: 'other' }, 'boom', undefined, 'alarm-job-8')
    expect(shown().map((n) => [n.id, n.title])).toEqual([
      ['alarm-job-7', 'Run 3 of “nightly” failed (3 notices)'],
      ['alarm-job-8', 'Run 9 of “other” failed'],
    ])
    expect(shown().every((n) => n.autoClose === 10_000)).toBe(true)
  })

  it('start counting again once their toast has closed', () => {
    notifyEvent('zh-CN', 'red', 'event.alarm', { id: 1, name: 'nightly' }, '', undefined, 'alarm-job-7')
    notifyEvent('zh-CN', 'red', 'event.alarm', { id: 2, name: 'nightly' }, '', undefined, 'alarm-job-7')
    expect(shown()[0].title).toBe('“nightly”的调度 2 失败 （共 2 条通知）')
    notifications.hide('alarm-job-7')
    notifyEvent('en', 'red', 'event.alarm', { id: 3, name: 'nightly' }, '', undefined, 'alarm-job-7')
    expect(shown().map((n) => n.title)).toEqual(['Run 3 of “nightly” failed'])
  })
})
