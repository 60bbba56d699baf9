import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EMBEDDED_APP_NAME } from '../../../src/shared/model'
import { AdminHarness } from '../../support/admin-harness'

/**
 * Issue 9, finding 4: anyone with the executor token could register an HTTP address under the
 * embedded executor's app name (FIRST then sent embedded runs, token in the header, to that host),
 * a registryValue with a comma became two addresses, and app names with control characters or HTML
 * created groups the UI's own rule (src/main/app/group-service.ts) refuses. Each is refused and
 * writes nothing.
 */
let h: AdminHarness
beforeAll(async () => (h = await AdminHarness.start()), 60_000)
afterAll(async () => h?.stop())

const registration = (registryKey: string, registryValue: string) => ({ registryGroup: 'EXECUTOR', registryKey, registryValue })

async function expectRegistryRefused(body: unknown): Promise<void> {
  const { result, changed } = await h.tablesChangedBy(() => h.post('registry', body, 'executor'))
  expect(result.code, `registry ${JSON.stringify(body)}: ${result.msg}`).toBe(500)
  expect(result.msg).toBeTruthy()
  expect(changed, `registry ${JSON.stringify(body)} was refused but changed tables`).toEqual([])
}

describe('executor registration', () => {
  it("refuses the embedded executor's app name from outside, and its group keeps its own address", async () => {
    await expectRegistryRefused(registration(EMBEDDED_APP_NAME, 'http://127.0.0.1:9/'))
    await expectRegistryRefused(registration(` ${EMBEDDED_APP_NAME} `, 'http://127.0.0.1:9/'))
    const embedded = (await h.headless.core.api.listGroups()).find((g) => g.appName === EMBEDDED_APP_NAME)!
    expect(embedded.addressList.split(',').every((a) => a.startsWith('jobdesk://'))).toBe(true)
  })

  it('refuses a registryValue that is not exactly one absolute http(s) URL', async () => {
    for (const value of [
      'http://127.0.0.1:9/,http://127.0.0.1:10/',
      'http://127.0.0.1:9/, http://127.0.0.1:10/',
      'http://127.0.0.1:9/ http://127.0.0.1:10/',
      '/relative/path',
      'http://',
    ]) {
      await expectRegistryRefused(registration('lan-app-comma', value))
    }
  })

  it("refuses app names the UI's group editor refuses: control characters, HTML", async () => {
    for (const name of [
      'evil\u0007app',
      'esc\u001b[31mapp',
      'nul\u0000app',
      '<script>alert(1)</script>',
      '<b>bold</b>app',
      'app"onmouseover="x',
      'del\u007fapp',
    ]) {
      await expectRegistryRefused(registration(name, 'http://127.0.0.1:9/'))
    }
  })

  it('still accepts an ordinary executor', async () => {
    const reply = await h.post('registry', registration('lan-app-ok', 'http://127.0.0.1:9/'), 'executor')
    expect(reply.code, reply.msg ?? '').toBe(200)
    expect((await h.headless.core.api.listGroups()).map((g) => g.appName)).toContain('lan-app-ok')
  })
})
