import { Badge, Button, Group, Menu, Modal, Text } from '@mantine/core'
import { useState } from 'react'
import { signOut } from '../services/auth'
import { isDesktop } from '../services/desktop-shell'
import { useT } from '../i18n/use-t'
import { ChangePasswordForm } from '../pages/sign-in/change-password-form'
import { useJobDesk } from '../store'
import { selectSession } from '../store/session/selectors'

/** Who this console is (name and role), with sign-out and a password change for signed-in users. */
export function SessionMenu() {
  const t = useT()
  const session = useJobDesk(selectSession)
  const [changing, setChanging] = useState(false)
  if (!session || isDesktop()) return null
  const label = (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" data-testid="session-name">
        {/* A user's own name; a credential's (the console token, the desktop app) said in the console's language. */}
        {session.kind === 'user' ? session.name : t(`auditActor.${session.kind}`)}
      </Text>
      <Badge size="xs" variant="light" data-testid="session-role" data-role={session.role}>
        {t(`role.${session.role}`)}
      </Badge>
    </Group>
  )
  if (session.kind !== 'user') return label
  return (
    <>
      <Menu position="bottom-end">
        <Menu.Target>
          <Button variant="subtle" size="xs" data-testid="session-menu">
            {label}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => setChanging(true)} data-testid="session-change-password">
            {t('password.title')}
          </Menu.Item>
          <Menu.Item color="red" onClick={() => void signOut().then(() => location.reload())} data-testid="session-sign-out">
            {t('signIn.signOut')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Modal opened={changing} onClose={() => setChanging(false)} title={t('password.title')}>
        <ChangePasswordForm required={false} onDone={() => setChanging(false)} />
      </Modal>
    </>
  )
}
