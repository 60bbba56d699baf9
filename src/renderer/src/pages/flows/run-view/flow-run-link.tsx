import { Anchor } from '@mantine/core'
import type { ReactNode } from 'react'
import { flowRunRoute, formatRoute } from '../../../kit/route'
import { useJobDesk } from '../../../store'

/** A link to a flow run's view: a real `href`, handled in the page without a reload. */
export function FlowRunLink({ flowRunId, children, testId }: { flowRunId: number; children: ReactNode; testId?: string }) {
  const navigate = useJobDesk((s) => s.navigate)
  const route = flowRunRoute(flowRunId)
  return (
    <Anchor
      size="sm"
      href={formatRoute(route)}
      data-testid={testId}
      onClick={(event) => {
        event.preventDefault()
        navigate(route)
      }}
    >
      {children}
    </Anchor>
  )
}
