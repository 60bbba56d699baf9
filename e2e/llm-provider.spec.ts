import { expect, test } from '@playwright/test'
import { EMBEDDED_APP_NAME } from '../src/shared/model'
import { tokenBridgeCalls } from './support/admin-session'
import { chooseOption, goTo, openConsole } from './support/console-page'
import { useHeadlessServer } from './support/headless-server'

const server = useHeadlessServer({ extraArgs: ['--no-demo'] })

test("the group editor sets a group's LLM provider, its key chosen among the group's secret names, an error beside its field, and removes it", async ({
  page,
}) => {
  const embedded = await tokenBridgeCalls(server().origin, server().token, async (call) => {
    const groups = (await call('listGroups')) as { id: number; appName: string }[]
    const id = groups.find((g) => g.appName === EMBEDDED_APP_NAME)!.id
    await call('setSecret', { name: 'openai_key', groupId: id, value: 'sk-e2e-never-shown' })
    return id
  })
  await openConsole(page, server())
  await goTo(page, 'executors')
  const card = page.locator(`[data-testid="executor-group"][data-app-name="${EMBEDDED_APP_NAME}"]`)
  await card.getByTestId('group-edit').click()
  const form = page.getByTestId('group-editor-form')
  const llm = form.getByTestId('group-llm')
  await llm.getByTestId('llm-baseUrl').fill('ftp://models.example/v1')
  await llm.getByTestId('llm-model').fill('gpt-4o-mini')
  await chooseOption(page, llm.getByTestId('llm-apiKeySecret'), 'openai_key')
  await form.getByTestId('group-save').click()
  // The core refuses the URL and names the field: the message lands under it, the editor stays open.
  await expect(llm.getByText(/must be an http:\/\/ or https:\/\/ URL/)).toBeVisible()

  await llm.getByTestId('llm-baseUrl').fill('https://api.openai.com/v1')
  await form.getByTestId('group-save').click()
  await expect(page.getByTestId('group-editor-form')).toHaveCount(0)
  const saved = await tokenBridgeCalls(server().origin, server().token, (call) => call('getLlmProvider', { groupId: embedded }))
  expect(saved).toMatchObject({ baseUrl: 'https://api.openai.com/v1', model: 'gpt-4o-mini', apiKeySecret: 'openai_key', timeoutSec: 300, maxTokens: 1024 })

  // Opened again it shows what was saved; clearing the base URL and the model removes it.
  await card.getByTestId('group-edit').click()
  await expect(llm.getByTestId('llm-baseUrl')).toHaveValue('https://api.openai.com/v1')
  await expect(llm.getByTestId('llm-apiKeySecret')).toHaveValue('openai_key')
  await expect(page.getByText('sk-e2e-never-shown')).toHaveCount(0)
  await llm.getByTestId('llm-baseUrl').fill('')
  await llm.getByTestId('llm-model').fill('')
  await form.getByTestId('group-save').click()
  await expect(page.getByTestId('group-editor-form')).toHaveCount(0)
  expect(await tokenBridgeCalls(server().origin, server().token, (call) => call('getLlmProvider', { groupId: embedded }))).toBeNull()
})
