import '../badges.css'
import type { DefinitionOrigin } from '../../../../shared/definition-origin'
import { FileIcon } from '../../kit/icons'
import { useT } from '../../i18n/use-t'
import { formatDateTime } from '../../lib/format/format-time'
import { fileBaseName } from '../../lib/definitions/origin-index'
import { useJobDesk } from '../../store'
import { selectFlowOrigin, selectJobOrigin } from '../../store/definitions/selectors'

/**
 * "Applied from a file": the file's base name, its full path and when in the native title. A plain
 * span like the other badges, since the Jobs table mounts one per row as it scrolls.
 */
export function OriginBadge({ origin }: { origin: DefinitionOrigin }) {
  const t = useT()
  const title = t('origin.badgeTitle', { file: origin.file, time: formatDateTime(origin.appliedAtMs) })
  return (
    <span className="jd-badge jd-origin-badge" title={title} aria-label={title} role="img" data-testid="definition-origin" data-file={origin.file}>
      <FileIcon size={12} />
      <span className="jd-origin-file">{fileBaseName(origin.file)}</span>
    </span>
  )
}

/** The badge of a job applied from a file; nothing for any other job (or while its group is not read). */
export function JobOriginBadge({ appName, name }: { appName: string | undefined; name: string }) {
  const origin = useJobDesk(selectJobOrigin(appName, name))
  return origin ? <OriginBadge origin={origin} /> : null
}

export function FlowOriginBadge({ name }: { name: string }) {
  const origin = useJobDesk(selectFlowOrigin(name))
  return origin ? <OriginBadge origin={origin} /> : null
}
