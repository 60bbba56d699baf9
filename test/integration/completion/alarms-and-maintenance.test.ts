import { sqliteDb } from '../../support/sqlite-db'
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { deleteExpiredMissedSlots, deleteExpiredRuns, refreshReport, startOfLocalDay } from '../../../src/main/completion/log-maintenance'
import { ALARM_STATUS } from '../../../src/shared/model'
import { startTestCore, type TestCore } from '../../support/core-harness'
import { waitFor } from '../../support/wait-for'
import { startMailSink, type MailSink } from '../alarms/support/mail-sink'

let t: TestCore | undefined
let mail: MailSink | undefined
let closeHook: (() => void) | undefined
afterEach(async () => {
  await t?.stop()
  await mail?.close()
  closeHook?.()
  t = mail = closeHook = undefined
})

async function webhookReceiver(): Promise<{ url: string; bodies: unknown[] }> {
  const bodies: unknown[] = []
  const server = createServer((request: IncomingMessage, response) => {
    let text = ''
    request.on('data', (chunk) => (text += chunk))
    request.on('end', () => {
      bodies.push(JSON.parse(text))
      response.writeHead(200).end('ok')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  closeHook = () => server.close()
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, bodies }
}

describe('alarms for failed runs', () => {
  it("emails the job's alarm addresses and posts the webhook once retries are used up; alarm_status 2", async () => {
    mail = await startMailSink()
    const hook = await webhookReceiver()
    t = await startTestCore({ monitorTimings: { failMonitorPeriodMs: 100 } })
    const alarmEvents: number[] = []
    t.core.events.subscribe((event) => event.type === 'alarm' && alarmEvents.push(event.logId))
    await t.core.api.saveSettings({
      alarms: {
        desktop: true,
        webhooks: [{ url: hook.url, timeoutMs: 2000, retries: 0 }],
        smtp: { host: '127.0.0.1', port: mail.port, secure: false, from: 'jobdesk@example.test' },
      },
    })
    const job = await t.addJob({
      name: 'nightly export',
      executorHandler: 'failJobHandler',
      executorParam: 'disk full',
      executorFailRetryCount: 1,
      alarmEmail: 'ops@example.test,oncall@example.test',
    })
    await t.core.api.triggerJob({ jobId: job })
    const [first, retry] = await t.finishedRuns(job, 2)
    const settled = await waitFor('the alarm to be sent', async () => {
      const run = await t!.core.api.getRun(retry.id)
      return run.alarmStatus === ALARM_STATUS.sent && run
    })
    expect(settled.triggerType).toBe('RETRY')
    // The first failure had a retry left: no alarm for it (1 = not needed).
    expect((await t.core.api.getRun(first.id)).alarmStatus).toBe(ALARM_STATUS.notNeeded)

    expect(mail.received.map((m) => m.to).sort()).toEqual([['oncall@example.test'], ['ops@example.test']])
    expect(mail.received[0].raw).toContain('nightly export')
    expect(mail.received[0].raw).toContain(`run ${retry.id}`)
    expect(hook.bodies).toHaveLength(1)
    expect(hook.bodies[0]).toMatchObject({ event: 'job.failed', run: { logId: retry.id, jobName: 'nightly export' } })
    expect(alarmEvents).toEqual([retry.id])
  })

  it('marks the alarm failed (3) when a channel cannot deliver, and scheduling goes on', async () => {
    t = await startTestCore({ monitorTimings: { failMonitorPeriodMs: 100 } })
    await t.core.api.saveSettings({
      alarms: { desktop: false, webhooks: [{ url: 'http://127.0.0.1:1/nothing-listens', timeoutMs: 500, retries: 0 }], smtp: null },
    })
    const job = await t.addJob({ executorHandler: 'failJobHandler' })
    await t.core.api.triggerJob({ jobId: job })
    const [run] = await t.finishedRuns(job, 1)
    await waitFor('the alarm to fail', async () => (await t!.core.api.getRun(run.id)).alarmStatus === ALARM_STATUS.failed)
    // The failed alarm did not hold anything up: another trigger runs normally.
    const ok = await t.addJob({ executorHandler: 'demoJobHandler' })
    await t.core.api.triggerJob({ jobId: ok })
    expect((await t.finishedRuns(ok, 1))[0].handleCode).toBe(200)
  })
})

describe('retention and the daily report', () => {
  it('counts runs per local day and deletes runs older than the retention, with their kept logs', async () => {
    t = await startTestCore()
    const db = sqliteDb(t.core.store)
    const now = Date.now()
    const today = startOfLocalDay(now)
    const insert = db.prepare(`INSERT INTO job_log (job_group, job_id, trigger_time, trigger_type, trigger_code, handle_code) VALUES (1, 1, ?, 'MANUAL', ?, ?)`)
    const old = Number(insert.run(today - 40 * 86_400_000, 200, 200).lastInsertRowid)
    await t.core.store.logTexts.set(old, 'an old log')
    insert.run(today + 1000, 200, 200)
    insert.run(today + 2000, 200, 500)
    insert.run(today + 3000, 200, 0)
    insert.run(today + 4000, 500, 0)

    await refreshReport(t.core.store, now)
    const [day] = await t.core.api.getDailyReport({ days: 1 })
    expect(day).toEqual({ dayMs: today, runningCount: 1, successCount: 1, failCount: 2 })

    expect(await deleteExpiredRuns(t.core.store, now, 2)).toBe(0) // below 3 days: cleanup is off
    expect(await deleteExpiredRuns(t.core.store, now, 30)).toBe(1)
    expect(await t.core.store.runs.get(old)).toBeUndefined()
    expect(await t.core.store.logTexts.get(old)).toBeUndefined()
    expect((db.prepare('SELECT COUNT(*) AS n FROM job_log').get() as { n: number }).n).toBe(4)

    // The slots recorded as not fired go with the runs, by when they were recorded.
    const slot = { jobId: 1, flowId: 0, reason: 'window' as const, detail: 'patch night' }
    await t.core.store.missedSlots.record([{ ...slot, slotMs: today - 40 * 86_400_000 }], today - 40 * 86_400_000)
    await t.core.store.missedSlots.record([{ ...slot, slotMs: today }], today + 1000)
    expect(await deleteExpiredMissedSlots(t.core.store, now, 2)).toBe(0)
    expect(await deleteExpiredMissedSlots(t.core.store, now, 30)).toBe(1)
    expect((await t.core.store.missedSlots.list({ jobId: 1 }, 0, now + 1, 10)).map((m) => m.slot)).toEqual([today])
  })
})

describe('import and export through the API', () => {
  it('round-trips jobs with their links, and refuses a bad document without writing anything', async () => {
    t = await startTestCore()
    const [a, b] = [await t.addJob({ name: 'extract' }), await t.addJob({ name: 'load' })]
    await t.core.api.saveLink({ parentJobId: a, childJobId: b, condition: 'ALWAYS' })
    const document = await t.core.api.exportJobs({})
    expect(JSON.stringify(document)).not.toContain('accessToken')

    await t.core.api.deleteJob(a)
    await t.core.api.deleteJob(b)
    const report = await t.core.api.importJobs({ document, onConflict: 'skip' })
    expect(report).toMatchObject({ created: 2, updated: 0, skipped: 0 })
    const jobs = await t.core.api.listJobs()
    const [extract, load] = ['extract', 'load'].map((name) => jobs.find((j) => j.name === name)!)
    expect(await t.core.api.listLinks()).toEqual([{ parentJobId: extract.id, childJobId: load.id, condition: 'ALWAYS' }])

    const again = await t.core.api.importJobs({ document, onConflict: 'skip' })
    expect(again).toMatchObject({ created: 0, skipped: 2 })

    const broken = JSON.parse(JSON.stringify(document)) as { jobs: { scheduleType: string; scheduleConf: string }[] }
    broken.jobs[0].scheduleType = 'CRON'
    broken.jobs[0].scheduleConf = '0 0 25 * * ?'
    await expect(t.core.api.importJobs({ document: broken, onConflict: 'update' })).rejects.toMatchObject({
      code: 'import.refused',
      problems: [expect.objectContaining({ code: 'cron.outOfRange', params: expect.objectContaining({ cronField: 'hour', value: 25 }) })],
    })
    expect(await t.core.api.listJobs()).toHaveLength(2)
  })
})
