import type { AlarmFacts } from '../../../../src/main/completion/alarms'
import { failedCronRun } from '../../../../src/main/completion/alarms/alarm-facts.fixtures'
import type { Clock } from '../../../../src/main/kernel/clock'
import type { Logger } from '../../../../src/main/kernel/logger'

/** A failed CRON run whose handle message is hostile HTML. */
export const failedRun: AlarmFacts = failedCronRun({
  groupName: 'Billing & Co',
  triggerMsg: 'Trigger type: CRON\nRoute: FIRST → http://10.0.0.5:9999/',
  handleMsg: 'Export failed: <script>alert("pwned")</script> & disk full — Ünïcode ok',
  executorParam: '--date=2026-11-29',
  alarmEmails: ['ops@example.test'],
})

/** A clock fixed at `nowMs` whose sleeps return at once and are recorded (webhook backoffs). */
export function recordingClock(nowMs = 1_800_000_000_000): Clock & { sleeps: number[] } {
  const sleeps: number[] = []
  return {
    sleeps,
    nowMs: () => nowMs,
    sleep: async (ms: number) => {
      sleeps.push(ms)
    },
  }
}

export interface LoggedLine {
  level: string
  msg: string
  fields?: Record<string, unknown>
}

export function recordingLogger(): Logger & { lines: LoggedLine[] } {
  const lines: LoggedLine[] = []
  const write = (level: string) => (msg: string, fields?: Record<string, unknown>) => {
    lines.push({ level, msg, fields })
  }
  return { lines, debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') }
}

/** A promise with its resolve function, to hold a server's answer until the test says so. */
export function gate(): { promise: Promise<void>; open: () => void } {
  let open!: () => void
  const promise = new Promise<void>((resolve) => {
    open = resolve
  })
  return { promise, open }
}
