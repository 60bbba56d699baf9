import { Anchor, type AnchorProps } from '@mantine/core'
import type { ReactNode } from 'react'
import { formatRoute, runsRoute } from '../kit/route'
import { useJobDesk } from '../store'

/**
 * A link to a run in the Runs page: a real `href` (so it can be copied or opened elsewhere), handled
 * in the page without a reload. `onOpen` runs first, e.g. to close the dialog the link sits in.
 */
export function RunLink({
  runId,
  children,
  onOpen,
  testId,
  size,
}: {
  runId: number
  children?: ReactNode
  onOpen?: () => void
  testId?: string
  size?: AnchorProps['size']
}) {
  const navigate = useJobDesk((s) => s.navigate)
  const route = runsRoute(runId)
  return (
    <Anchor
      size={size}
      href={formatRoute(route)}
      data-testid={testId}
      onClick={(event) => {
        event.preventDefault()
        onOpen?.()
        navigate(route)
      }}
    >
      {children ?? `#${runId}`}
    </Anchor>
  )
}
