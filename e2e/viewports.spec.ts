/// <reference lib="dom" />
import { mkdtempSync, writeFileSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test'
import { bridgeCalls, signInCookie, signInPage } from './support/admin-session'
import { chooseOption } from './support/console-page'
import { findCutText } from './support/cut-text'
import { flowEditRoute, flowRunRoute, flowRunsRoute, formatRoute, type Route } from '../src/renderer/src/kit/route'
import { useHeadlessServer } from './support/headless-server'

/**
 * Issue 23, findings 5-7: every page of the console at 1280×720 and 1440×900, in English and in
 * Chinese, without a horizontal scroll bar, with the columns an operator scans first in view, the
 * run's log most of the height once its header is folded, and — in Chinese — no English word on
 * the screen but the wire names and the operator's own data (job, group and user names).
 * Issue 44: no text cut short on any of them (see support/cut-text.ts), every page of the
 * navigation (the router's list of pages, so a new page is covered without a change here) and the
 * Flows views, each a picture in the test's output directory to look over.
 */
const ADMIN_PASSWORD = 'e2e-viewports-admin'
const passwordFile = join(mkdtempSync(join(tmpdir(), 'jobdesk-e2e-pw-')), 'admin-password')
writeFileSync(passwordFile, `${ADMIN_PASSWORD}\n`)
const server = useHeadlessServer({ extraArgs: ['--admin-password-file', passwordFile] })
const FLOW_NAME = 'e2e-viewport-flow'

/** What the operator named (users, the flow and its node keys, the host): shown as typed in any language. */
const dataNames: string[] = ['admin', FLOW_NAME, 'first', 'gate', hostname()]
let flowRunId = 0
let flowId = 0

test.beforeAll(async () => {
  const cookie = await signInCookie(server().origin, 'admin', ADMIN_PASSWORD)
  await bridgeCalls(server().origin, cookie, async (call) => {
    const jobs = (await call('listJobs')) as { id: number; name: string; executorHandler: string; executorParam: string }[]
    const groups = (await call('listGroups')) as { name: string; appName: string }[]
    // Deleting oneself is refused: the Audit page lists a refusal, the longest outcome word (cut to "REFU…" once).
    const users = (await call('listUsers')) as { id: number; name: string }[]
    await expect(call('deleteUser', users.find((user) => user.name === 'admin')!.id)).rejects.toThrow()
    // A failed run for the dashboard's recent failures and the Runs list.
    const failing = jobs.find((job) => job.executorHandler === 'failJobHandler')
    if (failing) {
      const { logIds } = (await call('triggerJob', { jobId: failing.id })) as { logIds: number[] }
      // Its handle message is the executor's own words (XXL-JOB's handle_msg), shown as it wrote them.
      await expect.poll(async () => ((await call('getRun', logIds[0])) as { handleCode: number }).handleCode).not.toBe(0)
      dataNames.push(((await call('getRun', logIds[0])) as { handleMsg: string }).handleMsg)
    }
    // A flow whose run waits at an approval, then is killed: its run view says who killed it.
    const flows = (await call('listFlows')) as { flow: { name: string } }[]
    if (!flows.some((summary) => summary.flow.name === FLOW_NAME)) {
      const flow = (await call('addFlow', {
        name: FLOW_NAME,
        description: '',
        nodes: [
          { key: 'first', jobId: jobs[0].id },
          { key: 'gate', kind: 'approval' },
        ],
        edges: [{ from: 'first', to: 'gate' }],
      })) as { id: number }
      const { flowRunId } = (await call('triggerFlow', { flowId: flow.id })) as { flowRunId: number }
      await expect.poll(async () => ((await call('getFlowRun', flowRunId)) as { state: string }).state).toBe('waiting')
      await call('killFlowRun', flowRunId)
    }
    flowRunId = ((await call('listFlowRuns', {})) as { runs: { id: number }[] }).runs[0].id
    flowId = ((await call('listFlows')) as { flow: { id: number; name: string } }[]).find((summary) => summary.flow.name === FLOW_NAME)!.flow.id
    dataNames.push(...jobs.flatMap((job) => [job.name, job.executorHandler, job.executorParam]), ...groups.flatMap((group) => [group.name, group.appName]))
  })
})

/**
 * Latin words that are names, not English: XXL-JOB's wire values (CRON, GLUE_SHELL), handler and
 * API names (demoJobHandler), the product's names and other products' (GitHub, Slack), units of the
 * Quartz dialect, protocol words, and the names printed on keys.
 */
const WIRE_WORD =
  /^(?:[A-Z0-9_-]{2,}|[a-z]+(?:_[a-z]+)+|[a-z]+(?:[A-Z][a-z0-9]*)+|JobDesk|JobHandler|OpenAPI|SQLite|PostgreSQL|MySQL|XXL-JOB|GitHub|Gitea|GitLab|Slack|Cron|Quartz|Groovy|Shell|Python|PHP|Node|PowerShell|Webhook|SMTP|Email|API|URL|ID|YAML|JSON|CSV|UTC|GMT|IANA|ms|jobdesk|http|https|localhost|Delete|Backspace|Escape|Enter)$/

interface ScreenFacts {
  documentOverflow: number
  mainOverflow: number
  englishWords: string[]
  /** Badges whose label is cut ('THIS C…'). */
  cutBadges: string[]
  /** Tables that run past the window's right edge (a box that scrolls sideways hides their last columns). */
  wideTables: string[]
}

/** Measures the page: how far it overflows sideways, and (for Chinese) the English words visible outside data. */
async function screenFacts(page: Page, names: readonly string[]): Promise<ScreenFacts> {
  return page.evaluate(
    ({ names, wire }) => {
      const scroller = document.scrollingElement ?? document.documentElement
      const main = document.querySelector('.jd-main') as HTMLElement
      // Text that is data or machine words: code, logs, addresses, ids and wire values.
      const skip = 'pre, code, textarea, input, .jd-mono, [data-wire], .cm-editor, .jd-log, [data-testid="log-tail"], .react-flow__attribution'
      const words: string[] = []
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement
        if (!parent || parent.closest(skip) || !parent.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue
        let text = node.textContent ?? ''
        // Longest names first: a job called "Demo: hello" must not leave "Demo" behind of "Demo: hello every 2 seconds".
        for (const name of [...names].sort((a, b) => b.length - a.length)) if (name) text = text.split(name).join(' ')
        // Addresses, paths (absolute, or relative to a file such as docs/trigger-urls.md), command-line flags, file extensions (.ics) and ids are machine words.
        text = text
          .replace(/\b[a-z]+:\/\/\S+/g, ' ')
          .replace(/(?<![\w:])\/[\w./-]+/g, ' ')
          .replace(/\b[\w-]+(?:\/[\w.-]+)+\.\w+\b/g, ' ')
          .replace(/--[\w-]+/g, ' ')
          .replace(/(?<![\w/])\.[a-z]{2,4}\b/g, ' ')
          .replace(/#\d+/g, ' ')
        for (const word of text.match(/[A-Za-z][\w'-]*/g) ?? []) if (!new RegExp(wire).test(word)) words.push(word)
      }
      return {
        documentOverflow: scroller.scrollWidth - scroller.clientWidth,
        mainOverflow: main.scrollWidth - main.clientWidth,
        englishWords: [...new Set(words)],
        cutBadges: [...document.querySelectorAll<HTMLElement>('.mantine-Badge-label, .jd-badge')]
          .filter((label) => label.checkVisibility() && label.scrollWidth > label.clientWidth + 1)
          .map((label) => label.textContent ?? ''),
        wideTables: [...main.querySelectorAll<HTMLElement>('table')]
          .filter((table) => table.checkVisibility() && table.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
          .map((table) => table.dataset.testid ?? table.className),
      }
    },
    { names: [...names], wire: WIRE_WORD.source },
  )
}

async function goTo(page: Page, nav: string): Promise<void> {
  await page.getByTestId(`nav-${nav}`).click()
  await expect(page.getByTestId(`page-${nav}`)).toBeVisible()
}

/** A view the navigation does not list (the Flows page's own views), at the address the console's router gives it. */
async function openRoute(page: Page, route: Route): Promise<void> {
  await page.goto(`${server().origin}/${formatRoute(route)}`)
}

/** The locator's box lies inside the viewport (and inside `within`, a list that scrolls by itself). */
async function expectInView(page: Page, locator: Locator, within?: Locator): Promise<void> {
  await expect(locator).toBeVisible()
  const box = (await locator.boundingBox())!
  const frame = within ? (await within.boundingBox())! : { x: 0, width: page.viewportSize()!.width }
  const label = (await locator.textContent()) ?? ''
  expect(box.x, label).toBeGreaterThanOrEqual(frame.x - 1)
  expect(box.x + box.width, label).toBeLessThanOrEqual(frame.x + frame.width + 1)
}

for (const size of [
  { width: 1280, height: 720 },
  { width: 1440, height: 900 },
]) {
  for (const language of ['en', 'zh-CN'] as const) {
    test(`${language} at ${size.width}×${size.height}: every page fits, the key columns show, and the words are the language's`, async ({ page }, testInfo) => {
      await page.setViewportSize(size)
      await signInPage(page, server().origin, 'admin', ADMIN_PASSWORD)
      if (language === 'zh-CN') await chooseOption(page, page.getByTestId('language-switch'), '简体中文')
      await expect(page.locator('html')).toHaveAttribute('lang', language)
      const narrow = size.width === 1280

      const checked = new Set<string>()
      const check = async (name: string) => {
        checked.add(name)
        await settled(page)
        const facts = await screenFacts(page, dataNames)
        await keepShot(page, testInfo, `${name}.${language}.${size.width}x${size.height}`)
        expect.soft(await findCutText(page), `${name}: text cut short`).toEqual([])
        expect.soft(facts.documentOverflow, `${name}: the page scrolls sideways`).toBeLessThanOrEqual(0)
        expect.soft(facts.mainOverflow, `${name}: the main content scrolls sideways`).toBeLessThanOrEqual(0)
        expect.soft(facts.cutBadges, `${name}: badges cut short`).toEqual([])
        expect.soft(facts.wideTables, `${name}: tables past the window's edge`).toEqual([])
        if (language === 'zh-CN') expect.soft(facts.englishWords, `${name}: English words in Chinese`).toEqual([])
      }

      await goTo(page, 'dashboard')
      await expect(page.getByTestId('scheduler-state')).toBeVisible()
      await expect(page.getByTestId('recent-failure').first()).toBeVisible()
      // A long job name takes one line, cut with an ellipsis, not a word a line.
      const failedJob = page.getByTestId('recent-failure').first().locator('.jd-failure-job .jd-cell').first()
      expect((await failedJob.boundingBox())!.height).toBeLessThan(24)
      // …and the reason beside it stays inside the card.
      const failuresCard = page.locator('.mantine-Card-root', { has: page.getByTestId('recent-failure') })
      await expectInView(page, page.getByTestId('recent-failure').first().locator('td').last(), failuresCard)
      await check('dashboard')

      await goTo(page, 'jobs')
      await expect(page.getByTestId('job-row').first()).toBeVisible()
      if (narrow) {
        await expectInView(page, page.getByTestId('job-group').first())
        await expectInView(page, page.getByTestId('job-next-fire').first())
        await expectInView(page, page.getByTestId('job-delete').first())
        // Each heading on one line, inside its row.
        const head = (await page.getByTestId('jobs-table').getByRole('row').first().boundingBox())!
        for (const heading of await page.getByTestId('jobs-table').getByRole('columnheader').all()) {
          const box = await heading.boundingBox()
          if (box) expect(box.y + box.height, (await heading.textContent()) ?? '').toBeLessThanOrEqual(head.y + head.height + 1)
        }
      }
      await check('jobs')
      await page.getByTestId('job-edit').first().click()
      await expect(page.getByTestId('schedule-preview')).toBeVisible()
      await check('job-editor')
      await page.keyboard.press('Escape')
      await expect(page.getByTestId('job-editor-form')).toHaveCount(0)

      await goTo(page, 'runs')
      const list = page.getByTestId('runs-list')
      const firstRow = page.getByTestId('run-row').first()
      await expect(firstRow).toBeVisible()
      // The mouse on the row's first cell, as an operator clicks.
      const cell = (await firstRow.locator('[role="cell"]').first().boundingBox())!
      await page.mouse.click(cell.x + cell.width / 2, cell.y + cell.height / 2)
      const detail = page.getByTestId('run-detail')
      await expect(detail).toBeVisible()
      // Runs that arrive while one is open are held back; the pill that says so covers nothing of
      // the list (over it, it hid the Triggered heading) nor of the run.
      const newer = page.getByTestId('runs-newer')
      await expectInView(page, newer)
      const pill = (await newer.boundingBox())!
      for (const below of [list, detail])
        expect((await below.boundingBox())!.y, 'the pill lies over the list or the run').toBeGreaterThanOrEqual(pill.y + pill.height)
      // With the run's fields shown, the log still has a good part of a 720 px screen.
      if (narrow) await expect.poll(async () => (await detail.getByTestId('log-tail').boundingBox())!.height).toBeGreaterThanOrEqual(size.height * 0.4)
      if (narrow) for (const column of ['id', 'job', 'status', 'triggered']) await expectInView(page, page.getByTestId(`runs-col-${column}`), list)
      await check('runs')
      if (narrow) {
        await detail.getByTestId('run-header-toggle').click()
        await expect(detail).toHaveAttribute('data-header', 'collapsed')
        const log = detail.getByTestId('log-tail')
        await expect.poll(async () => (await log.boundingBox())!.height).toBeGreaterThanOrEqual(size.height * 0.5)
        await check('runs-log')
        await detail.getByTestId('run-header-toggle').click()
        await expect(detail).toHaveAttribute('data-header', 'open')
      }

      await goTo(page, 'dag')
      await expect(page.getByTestId('dag-node').first()).toBeVisible()
      await check('dag')

      await goTo(page, 'flows')
      await expect(page.getByText(FLOW_NAME).first()).toBeVisible()
      await check('flows')
      await openRoute(page, flowRunRoute(flowRunId))
      await expect(page.getByTestId('flow-run-reason')).toBeVisible()
      await expect(page.locator('.react-flow__node').first()).toBeVisible()
      await check('flow-run')

      await goTo(page, 'executors')
      await expect(page.getByTestId('address-health').first()).toBeVisible()
      await check('executors')

      await goTo(page, 'cluster')
      await expect(page.getByTestId('cluster-node').first()).toBeVisible()
      await check('cluster')

      await goTo(page, 'audit')
      await expect(page.getByTestId('audit-row').first()).toBeVisible()
      await expect(page.locator('[data-testid="audit-outcome"][data-outcome="refused"]').first()).toBeVisible()
      await check('audit')

      await goTo(page, 'users')
      await check('users')

      await goTo(page, 'settings')
      await check('settings')

      await openRoute(page, flowRunsRoute(flowId))
      await expect(page.getByTestId('flow-runs-title')).toBeVisible()
      await check('flow-runs')
      await openRoute(page, flowEditRoute(flowId))
      await expect(page.locator('.react-flow__node').first()).toBeVisible()
      await check('flow-editor')

      // Every other page of the navigation, which the console builds from its list of pages.
      const navIds = await page.locator('nav [data-testid^="nav-"]').evaluateAll((links) => links.map((link) => link.getAttribute('data-testid')!.slice(4)))
      expect(navIds.length).toBeGreaterThan(10)
      for (const id of navIds.filter((id) => !checked.has(id))) {
        await goTo(page, id)
        await check(id)
      }
    })
  }
}

/** The picture stays in the test's output directory (test-results/…, not committed) to be looked over. */
async function keepShot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`)
  await page.screenshot({ path })
}

/** The page has read what it shows: no loader spinning, fonts in, and a frame drawn since. */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('.jd-main .mantine-Loader-root:visible')).toHaveCount(0)
  await page.evaluate(() => document.fonts.ready.then(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))))
}
