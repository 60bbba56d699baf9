import { Alert, Button, Group, Loader, Text, Title } from '@mantine/core'
import { useComputedColorScheme } from '@mantine/core'
import { ReactFlowProvider } from '@xyflow/react'
import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react'
import type { JobInfo, JobLink } from '../../../../shared/model'
import { errorMessage, notifyError } from '../../kit/notify'
import { dagRoute } from '../../kit/route'
import { useT } from '../../i18n/use-t'
import { chainHighlight, cycleHighlight, cyclePathOf, neighbourHighlight, NO_HIGHLIGHT, type DagHighlight } from '../../lib/dag/dag-highlight'
import { useJobDesk } from '../../store'
import { selectChain, selectLinks } from '../../store/dag/selectors'
import { selectJobsById } from '../../store/jobs/selectors'
import { useDagJobs } from './use-dag-jobs'
import { selectLastRunByJob } from '../../store/runs/selectors'
import { TriggerDialog } from '../jobs/trigger-dialog'
import { DagCanvas } from './dag-canvas'
import { DagFind } from './dag-find'
import { DagLegend } from './dag-legend'
import { DagSidePanel } from './dag-side-panel'
import { LinkDialog, type LinkDraft } from './link-dialog'
import { cycleClosedBy } from '../../../../shared/link-path'
import { selectionCss } from './selection-style'
import { RunLink } from '../../components/run-link'

/** A link the core refused: its message, and the cycle it would close when that was the reason. */
interface Refusal {
  message: string
  path: number[] | null
  link: JobLink
  /** Seen in the console before the link's kind was asked (the core refuses it the same way). */
  early?: boolean
}

/**
 * Child-job chains as a graph. Drag from a job's right handle to another job to link it; a link
 * that would close a cycle is refused and the cycle is drawn. Click a job for its runs, a link to
 * change or delete it; `#/dag?run=N` shows run N's chain end to end.
 */
export function DagPage({ runId }: { runId: number | null }) {
  const t = useT()
  const [pinned, setPinned] = useState<readonly number[]>([])
  const { jobs, ready, everyJob, totalJobs } = useDagJobs(pinned)
  const jobsById = useJobDesk(selectJobsById)
  const links = useJobDesk(selectLinks)
  const lastRunByJob = useJobDesk(selectLastRunByJob)
  const chain = useJobDesk(selectChain)
  const chainLoading = useJobDesk((s) => s.chainLoading)
  const saveLink = useJobDesk((s) => s.saveLink)
  const deleteLink = useJobDesk((s) => s.deleteLink)
  const showChain = useJobDesk((s) => s.showChain)
  const clearChain = useJobDesk((s) => s.clearChain)
  const navigate = useJobDesk((s) => s.navigate)
  const language = useJobDesk((s) => s.preferences.language)
  const colorMode = useComputedColorScheme('light')

  const [selectedId, setSelectedId] = useState<number | null>(null)
  const [linkDraft, setLinkDraft] = useState<LinkDraft | null>(null)
  const [refusal, setRefusal] = useState<Refusal | null>(null)
  const [triggering, setTriggering] = useState<JobInfo | null>(null)
  const [focus, setFocus] = useState<{ jobId: number } | null>(null)
  const [anchorJobId, setAnchorJobId] = useState<number | null>(null)
  const [keepInView, setKeepInView] = useState<readonly number[]>([])

  useEffect(() => {
    if (runId === null) clearChain()
    else void showChain(runId)
  }, [runId, showChain, clearChain])

  // The highlight answers the click at once; the side panel (Mantine components, a runs read) follows.
  const panelJobId = useDeferredValue(selectedId)
  const selected = panelJobId === null ? undefined : jobsById.get(panelJobId)
  const highlight: DagHighlight = useMemo(() => {
    if (refusal?.path) return cycleHighlight(refusal.path)
    if (chain) return chainHighlight(chain.runs)
    return NO_HIGHLIGHT
  }, [refusal, chain])
  // The clicked job is highlighted by a style sheet, not through React Flow (see selection-style.ts).
  const selectionStyle = useMemo(() => (selectedId === null ? '' : selectionCss(neighbourHighlight(selectedId, links))), [selectedId, links])
  const refused = useMemo(() => (refusal?.path ? { parentJobId: refusal.link.parentJobId, childJobId: refusal.link.childJobId } : null), [refusal])
  const startLink = useCallback(
    (parentJobId: number, childJobId: number) => {
      setAnchorJobId(parentJobId)
      // A link that would close a cycle is refused now, not after its kind was picked for nothing.
      const cycle = cycleClosedBy(links, parentJobId, childJobId)
      if (cycle) {
        setRefusal({ message: '', path: cycle, link: { parentJobId, childJobId, condition: 'SUCCESS' }, early: true })
        return
      }
      setRefusal(null)
      setLinkDraft({ parentJobId, childJobId })
    },
    [links],
  )
  const selectJob = useCallback((jobId: number | null) => {
    setSelectedId(jobId)
    setKeepInView(jobId === null ? [] : [jobId])
    if (jobId !== null) setAnchorJobId(jobId)
  }, [])
  const openLink = useCallback((link: JobLink) => setLinkDraft({ parentJobId: link.parentJobId, childJobId: link.childJobId, existing: link.condition }), [])

  const submitLink = async (link: JobLink) => {
    setLinkDraft(null)
    try {
      await saveLink(link)
      setRefusal(null)
      // The new child may land off screen once the link is laid out: show it beside its parent.
      setKeepInView([link.parentJobId, link.childJobId])
    } catch (error) {
      setRefusal({ message: errorMessage(error, language), path: cyclePathOf(error), link })
    }
  }

  const removeLink = async (link: JobLink) => {
    setLinkDraft(null)
    try {
      await deleteLink(link.parentJobId, link.childJobId)
    } catch (error) {
      notifyError(language, 'common.error', error)
    }
  }

  const pickJob = useCallback(
    (jobId: number) => {
      // A job found by the search joins the graph (with a large installation's chains, it may not be drawn yet).
      setPinned((current) => (current.includes(jobId) ? current : [...current, jobId]))
      selectJob(jobId)
      setFocus({ jobId })
    },
    [selectJob],
  )

  return (
    <div className="jd-page" data-testid="page-dag">
      <Group justify="space-between" wrap="nowrap">
        <Title order={2}>{t('dag.title')}</Title>
        <Group gap="lg" wrap="nowrap">
          <DagLegend />
          <DagFind onPick={pickJob} />
        </Group>
      </Group>
      <Text size="xs" c="dimmed">
        {t('dag.hint')}
        {!everyJob && ready && ` ${t('dag.chainsOnly')}`}
      </Text>
      {refusal && (
        <Alert
          color="red"
          withCloseButton
          closeButtonLabel={t('common.close')}
          onClose={() => setRefusal(null)}
          title={t('dag.refused')}
          data-testid="dag-refusal"
        >
          {/* One explanation: the cycle it would close, named; the core's own words only for other refusals. */}
          {refusal.path ? (
            <>
              <Text size="sm" data-testid="dag-cycle-path">
                {t('dag.cyclePath')}: {refusal.path.map((id) => `#${id} ${jobsById.get(id)?.name ?? ''}`.trim()).join(' → ')}
              </Text>
              {refusal.early && (
                <Text size="xs" c="dimmed" data-testid="dag-cycle-early">
                  {t('dag.cycleEarly')}
                </Text>
              )}
            </>
          ) : (
            <Text size="sm" data-testid="dag-refusal-message">
              {refusal.message}
            </Text>
          )}
        </Alert>
      )}
      {(chain || chainLoading) && runId !== null && (
        <Alert color="violet" variant="light" p="xs" data-testid="dag-chain" data-run-count={chain?.runs.length ?? 0}>
          <Group justify="space-between">
            {chainLoading && !chain ? (
              <Loader size="xs" />
            ) : (
              <Text size="sm">
                {t('dag.chainOf', { id: runId, n: chain?.runs.length ?? 0 })}{' '}
                <RunLink size="sm" runId={runId}>
                  {t('trigger.openRun', { id: runId })}
                </RunLink>
              </Text>
            )}
            <Button size="compact-xs" variant="subtle" onClick={() => navigate(dagRoute())} data-testid="dag-chain-clear">
              {t('dag.clearChain')}
            </Button>
          </Group>
        </Alert>
      )}
      <style data-testid="dag-selection-style">{selectionStyle}</style>
      <ReactFlowProvider>
        <div className="jd-dag-layout">
          <div className="jd-dag-canvas">
            {ready ? (
              jobs.length === 0 ? (
                // Nothing drawn: no jobs at all, or (too many to draw them all) none of them linked yet.
                <Text c="dimmed" p="lg" data-testid="dag-empty" data-total={totalJobs}>
                  {everyJob || totalJobs === 0 ? t('dag.empty') : t('dag.noLinks', { n: totalJobs })}
                </Text>
              ) : (
                <DagCanvas
                  jobs={jobs}
                  links={links}
                  lastRunByJob={lastRunByJob}
                  highlight={highlight}
                  refused={refused}
                  colorMode={colorMode}
                  focus={focus}
                  anchorJobId={anchorJobId}
                  keepInView={keepInView}
                  onLink={startLink}
                  onSelectJob={selectJob}
                  onSelectLink={openLink}
                />
              )
            ) : (
              <Loader m="lg" />
            )}
          </div>
          {selected && <DagSidePanel job={selected} onClose={() => setSelectedId(null)} onTrigger={setTriggering} />}
        </div>
      </ReactFlowProvider>
      <LinkDialog draft={linkDraft} onSave={(link) => void submitLink(link)} onDelete={(link) => void removeLink(link)} onClose={() => setLinkDraft(null)} />
      <TriggerDialog job={triggering} onClose={() => setTriggering(null)} />
    </div>
  )
}
