import { Button, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core'
import { useState } from 'react'
import { serverConnectSchema } from '../../../shared/schema/server-connect'
import { shellActions } from '../services/desktop-shell'
import { useT } from '../i18n/use-t'
import { notifySuccess } from '../kit/notify'
import { useJobDesk } from '../store'

const RECENT_KEY = 'jobdesk.recentServers'
const RECENT_MAX = 5

function recentServers(): string[] {
  try {
    const list = JSON.parse(localStorage.getItem(RECENT_KEY) ?? '[]') as unknown
    return Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string').slice(0, RECENT_MAX) : []
  } catch {
    return []
  }
}

function remember(url: string): void {
  localStorage.setItem(RECENT_KEY, JSON.stringify([url, ...recentServers().filter((item) => item !== url)].slice(0, RECENT_MAX)))
}

/**
 * "Connect to a JobDesk server" (desktop app only): the server's address and console token open
 * that server's console — a cluster node, or headless mode on-prem — in a window of its own. The
 * token is not kept; the address is offered again next time.
 */
export function ConnectServerButton() {
  const t = useT()
  const language = useJobDesk((s) => s.preferences.language)
  const actions = shellActions()
  const [opened, setOpened] = useState(false)
  const [url, setUrl] = useState('')
  const [token, setToken] = useState('')
  const [problem, setProblem] = useState<{ field: 'url' | 'token'; message: string } | null>(null)
  const [busy, setBusy] = useState(false)
  if (!actions) return null

  const open = () => {
    setUrl(recentServers()[0] ?? '')
    setToken('')
    setProblem(null)
    setOpened(true)
  }
  const connect = async () => {
    const parsed = serverConnectSchema.safeParse({ url, token })
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      setProblem({ field: issue.path[0] === 'token' ? 'token' : 'url', message: issue.message })
      return
    }
    setBusy(true)
    try {
      await actions.connectServer(parsed.data)
      remember(parsed.data.url)
      setOpened(false)
      notifySuccess(language, 'connect.opened')
    } catch (error) {
      setProblem({ field: 'url', message: (error as Error).message })
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <Button size="xs" variant="subtle" onClick={open} data-testid="connect-server">
        {t('connect.open')}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('connect.title')} data-testid="connect-dialog">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('connect.hint')}
          </Text>
          <TextInput
            label={t('connect.url')}
            placeholder="http://jobs.example.lan:8080/"
            value={url}
            onChange={(event) => setUrl(event.currentTarget.value)}
            error={problem?.field === 'url' ? problem.message : undefined}
            data-testid="connect-url"
          />
          <PasswordInput
            label={t('connect.token')}
            value={token}
            onChange={(event) => setToken(event.currentTarget.value)}
            error={problem?.field === 'token' ? problem.message : undefined}
            data-testid="connect-token"
          />
          <Button onClick={() => void connect()} loading={busy} data-testid="connect-submit">
            {t('connect.submit')}
          </Button>
        </Stack>
      </Modal>
    </>
  )
}
