import { afterEach } from 'vitest'
import type { AlarmSender } from '../../../../src/main/completion/alarms'
import { startHttpRecorder, type HttpRecorder, type Responder } from './http-recorder'

/**
 * The loopback stubs and alarm senders a test file starts, closed after each test: `stub` starts a
 * recorder answering with `respond`, `track` hands back a sender after noting it for closing.
 */
export function alarmTestKit(): { stub: (respond: Responder) => Promise<HttpRecorder>; track: (sender: AlarmSender) => AlarmSender } {
  const recorders: HttpRecorder[] = []
  const senders: AlarmSender[] = []
  afterEach(async () => {
    await Promise.all(senders.splice(0).map((s) => s.close()))
    await Promise.all(recorders.splice(0).map((r) => r.close()))
  })
  return {
    stub: async (respond) => {
      const started = await startHttpRecorder(respond)
      recorders.push(started)
      return started
    },
    track: (sender) => {
      senders.push(sender)
      return sender
    },
  }
}
