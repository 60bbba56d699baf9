import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { bridgeCalls, signInCookie, signInPage } from './support/admin-session'
import { useHeadlessServer } from './support/headless-server'

/** Issue 44: a flow run's kill dialog offers "keep what finished"; ticked, the nodes not reached end killed too. */
const ADMIN_PASSWORD = 'e2e-flow-kill-admin'
const passwordFile = join(mkdtempSync(join(tmpdir(), 'jobdesk-e2e-pw-')), 'admin-password')
writeFileSync(passwordFile, `${ADMIN_PASSWORD}\n`)
const server = useHeadlessServer({ extraArgs: ['--admin-password-file', passwordFile] })
let flowRunId = 0

test.use({ viewport: { width: 1440, height: 900 } })

test.beforeAll(async () => {
  const cookie = await signInCookie(server().origin, 'admin', ADMIN_PASSWORD)
  await bridgeCalls(server().origin, cookie, async (call) => {
    const jobs = (await call('listJobs')) as { id: number }[]
    // first runs at once, the gate waits for a person, after is not reached.
    const flow = (await call('addFlow', {
      name: 'e2e-kill-keep-finished',
      description: '',
      nodes: [
        { key: 'first', jobId: jobs[0].id },
        { key: 'gate', kind: 'approval' },
        { key: 'after', jobId: jobs[0].id },
      ],
      edges: [
        { from: 'first', to: 'gate' },
        { from: 'gate', to: 'after' },
      ],
    })) as { id: number }
    flowRunId = ((await call('triggerFlow', { flowId: flow.id })) as { flowRunId: number }).flowRunId
    await expect.poll(async () => ((await call('getFlowRun', flowRunId)) as { state: string }).state).toBe('waiting')
  })
})

const runNode = (page: Page, key: string) => page.locator(`[data-testid="flow-run-node"][data-key="${key}"]`)

test('kill keeping what finished: the finished node keeps success, the waiting and unreached ones end killed', async ({ page }) => {
  await signInPage(page, server().origin, 'admin', ADMIN_PASSWORD)
  await page.goto(`${server().origin}/#/flows/run/${flowRunId}`)
  await expect(runNode(page, 'gate')).toHaveAttribute('data-flow-state', 'waiting')
  await page.getByTestId('flow-run-kill').click()
  const keep = page.getByTestId('flow-run-kill-keep-finished')
  await expect(keep).not.toBeChecked()
  await expect(page.getByRole('dialog')).toContainText('Keep what finished')
  await keep.check()
  await page.getByTestId('flow-run-confirm').click()
  await expect(page.getByTestId('flow-run-header').getByTestId('flow-run-state')).toHaveAttribute('data-flow-state', 'killed')
  await expect(runNode(page, 'first')).toHaveAttribute('data-flow-state', 'success')
  await expect(runNode(page, 'gate')).toHaveAttribute('data-flow-state', 'killed')
  await expect(runNode(page, 'after')).toHaveAttribute('data-flow-state', 'killed')
})
