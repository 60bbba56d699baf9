import { describe, expect, it } from 'vitest'
import { KnownSecrets, REDACTED } from '../kernel/known-secrets'
import { failingLine } from './explain-failure'
import { redactResult } from './redact-result'

describe("an MCP answer's last pass", () => {
  const secrets = new KnownSecrets()
  secrets.set('secrets-store', ['hunter2-long-value'])
  const redact = (text: string) => secrets.redact(text)

  it('masks a known secret value in every text, however deep, and leaves the rest as it was', () => {
    let deep: unknown = { note: 'x hunter2-long-value y' }
    for (let n = 0; n < 20; n++) deep = { inner: [deep] }
    const answer = { run: { handleMessage: 'login with hunter2-long-value failed', id: 7, ok: true, none: null }, lines: ['a', 'hunter2-long-value'], deep }
    const masked = redactResult(answer, redact)
    expect(JSON.stringify(masked)).not.toContain('hunter2-long-value')
    expect(masked.run).toEqual({ handleMessage: `login with ${REDACTED} failed`, id: 7, ok: true, none: null })
    expect(masked.lines).toEqual(['a', REDACTED])
  })
})

describe("the failing line of a run's log", () => {
  it("is the job's own last line with a failure word, not the executor's frame that repeats the result", () => {
    const lines = [
      '----------- xxl-job job execute start -----------',
      'checking export',
      'ERROR: disk full on /data',
      'cleaning up',
      '----------- xxl-job job execute end(finish) -----------<br>----------- Result: handleCode=500, handleMsg = export failed',
    ]
    expect(failingLine(lines)).toEqual({ lineNumber: 2, text: 'ERROR: disk full on /data' })
  })

  it("is the job's last own line when none says it failed, and nothing for an empty log", () => {
    expect(failingLine(['started', 'stopped at step 3'])).toEqual({ lineNumber: 1, text: 'stopped at step 3' })
    expect(failingLine([])).toBeNull()
  })
})
