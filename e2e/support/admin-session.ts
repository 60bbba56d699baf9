import { expect, type Page } from '@playwright/test'
import WebSocket from 'ws'
import { defaultJobInput } from '../../src/shared/job-defaults'
import { EMBEDDED_APP_NAME } from '../../src/shared/model'
import type { HeadlessServer } from '../../test/support/headless-process'

/** Signs in over HTTP as the console's page does; resolves with the Cookie header to send back. */
export async function signInCookie(origin: string, name: string, password: string): Promise<string> {
  const response = await fetch(`${origin}/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, password }),
  })
  const cookie = /jobdesk_session=[^;]+/.exec(response.headers.get('set-cookie') ?? '')?.[0]
  if (!cookie) throw new Error(`sign-in of ${name} failed: ${response.status} ${await response.text()}`)
  return cookie
}

type BridgeCall = (method: string, ...args: unknown[]) => Promise<any>

/** A few API calls over the bridge with a session cookie (the test's setup, as an admin would do it). */
export function bridgeCalls<T>(origin: string, cookie: string, work: (call: BridgeCall) => Promise<T>): Promise<T> {
  return callsOn(new WebSocket(`${origin.replace(/^http/, 'ws')}/bridge`, { headers: { cookie, origin } }), work)
}

/** The same with the console token of a server that has no users (the desktop's and headless mode's default). */
export function tokenBridgeCalls<T>(origin: string, token: string, work: (call: BridgeCall) => Promise<T>): Promise<T> {
  return callsOn(new WebSocket(`${origin.replace(/^http/, 'ws')}/bridge?token=${encodeURIComponent(token)}`), work)
}

async function callsOn<T>(ws: WebSocket, work: (call: BridgeCall) => Promise<T>): Promise<T> {
  await new Promise<void>((resolve, reject) => (ws.once('open', () => resolve()), ws.once('error', reject)))
  let nextId = 1
  const waiting = new Map<number, (message: { ok: boolean; value?: unknown; error?: { message: string } }) => void>()
  ws.on('message', (data) => {
    const message = JSON.parse(String(data)) as { type: string; id: number; ok: boolean }
    if (message.type === 'result') waiting.get(message.id)?.(message)
  })
  const call = (method: string, ...args: unknown[]) =>
    new Promise<any>((resolve, reject) => {
      const id = nextId++
      waiting.set(id, (message) => (message.ok ? resolve(message.value) : reject(new Error(`${method}: ${message.error?.message}`))))
      ws.send(JSON.stringify({ type: 'call', id, method, args }))
    })
  try {
    return await work(call)
  } finally {
    ws.close()
  }
}

/** Signs in through the sign-in page, replacing a one-time password with `newPassword` when asked. */
export async function signInPage(page: Page, origin: string, name: string, password: string, newPassword?: string): Promise<void> {
  await page.goto(origin)
  await page.getByTestId('sign-in-name').fill(name)
  await page.getByTestId('sign-in-password').fill(password)
  await page.getByTestId('sign-in-submit').click()
  if (newPassword) {
    await expect(page.getByTestId('change-password-form')).toBeVisible()
    await page.getByTestId('password-current').fill(password)
    await page.getByTestId('password-new').fill(newPassword)
    await page.getByTestId('password-repeat').fill(newPassword)
    await page.getByTestId('password-submit').click()
    await expect(page.getByTestId('change-password-form')).toHaveCount(0)
  }
  await expect(page.getByTestId('session-name')).toHaveText(name)
  await expect(page.getByTestId('connection-status')).toHaveAttribute('data-state', 'online')
}

/**
 * Adds no-schedule jobs on the embedded executor (demoJobHandler) over the bridge with the server's
 * console token, as the job editor would save them; resolves with their ids in `names`' order. For
 * specs whose subject is what comes after (the DAG), not the editor.
 */
export function addEmbeddedJobs(server: HeadlessServer, names: readonly string[]): Promise<number[]> {
  return tokenBridgeCalls(server.origin, server.token, async (call) => {
    const groups = (await call('listGroups')) as { id: number; appName: string }[]
    const embedded = groups.find((group) => group.appName === EMBEDDED_APP_NAME)!.id
    const ids: number[] = []
    for (const name of names)
      ids.push(((await call('saveJob', defaultJobInput(embedded, 'UTC', { name, executorHandler: 'demoJobHandler' }))) as { id: number }).id)
    return ids
  })
}
