import { Tabs, Text, useComputedColorScheme } from '@mantine/core'
import { ReactFlowProvider } from '@xyflow/react'
import { useCallback, useEffect, useReducer, useState } from 'react'
import type { FlowSettings } from '../../../../../shared/flow-types'
import { notifySuccess } from '../../../kit/notify'
import { OriginBanner } from '../../../components/definition-origin/origin-banner'
import { useDiscardGuard } from '../../../components/discard-guard'
import { useT } from '../../../i18n/use-t'
import type { Point } from '../../../lib/dag/dag-layout'
import { isChanged } from '../../../lib/data/draft-changes'
import { flowInputOf, type FlowDraft } from '../../../lib/flows/flow-draft'
import { useJobDesk } from '../../../store'
import { selectFlowOrigin } from '../../../store/definitions/selectors'
import { FlowCanvas } from './flow-canvas'
import { FlowEdgePanel } from './flow-edge-panel'
import { FlowEditorHeader } from './flow-editor-header'
import { flowEditorReducer, initialEditorState } from './flow-editor-state'
import { FlowNodePanel } from './flow-node-panel'
import { FlowPalette } from './flow-palette'
import { flowSaveProblem, type FlowSaveProblem } from './flow-save-error'
import { FlowSettingsForm } from './flow-settings-form'
import { LinkRefusalAlert } from './link-refusal-alert'
import { SaveProblemAlert } from './save-problem-alert'
import { useTidyLayout } from './use-tidy-layout'

type EditorTab = 'graph' | 'settings'

/**
 * Editing one flow: the name and Save in the header, the graph (palette, canvas, the selection's
 * panel beside it) and the settings in two tabs. The draft is saved whole with addFlow or
 * updateFlow; a refusal stays on screen, on the field or node it names when it names one.
 */
export function FlowEditor({ initial, onClose }: { initial: FlowDraft; onClose(): void }) {
  const t = useT()
  const language = useJobDesk((s) => s.preferences.language)
  const colorMode = useComputedColorScheme('light')
  const [state, dispatch] = useReducer(flowEditorReducer, initial, initialEditorState)
  const { draft, selection } = state
  const [tab, setTab] = useState<EditorTab>('graph')
  const [fitRequest, setFitRequest] = useState(0)
  const [saving, setSaving] = useState(false)
  const [problem, setProblem] = useState<FlowSaveProblem | null>(null)
  // By the name it was opened with (what the file and the server hold), not the draft's: a rename is an edit too.
  const origin = useJobDesk((s) => (initial.id === undefined ? undefined : selectFlowOrigin(initial.name)(s)))

  // Unsaved edits: leaving the page asks first (the app's leave guard), and so does Back here.
  const dirty = isChanged(initial, draft)
  const guard = useDiscardGuard(onClose)
  const { setDirty } = guard
  const setUnsavedChanges = useJobDesk((s) => s.setUnsavedChanges)
  const saveFlow = useJobDesk((s) => s.saveFlow)
  useEffect(() => {
    setDirty(dirty)
    setUnsavedChanges(dirty)
  }, [dirty, setDirty, setUnsavedChanges])
  useEffect(() => () => setUnsavedChanges(false), [setUnsavedChanges])

  const fit = useCallback(() => setFitRequest((n) => n + 1), [])
  const onLaidOut = useCallback(
    (positions: ReadonlyMap<string, Point>, onlyUnplaced: boolean) => {
      dispatch({ type: 'laid-out', positions, onlyUnplaced })
      fit()
    },
    [fit],
  )
  const layout = useTidyLayout(onLaidOut)
  // The first view: the flow as ELK lays it out, fitted. (Positions are the editor's own, never saved.)
  const { tidy } = layout
  useEffect(() => tidy(initial), [tidy, initial])

  const setSettings = useCallback((patch: Partial<FlowSettings>) => dispatch({ type: 'settings', patch }), [])

  const save = async () => {
    setSaving(true)
    setProblem(null)
    try {
      const input = flowInputOf(draft)
      const saved = await saveFlow(input)
      notifySuccess(language, 'flowEditor.saved', { name: saved.name })
      setDirty(false)
      setUnsavedChanges(false)
      onClose()
    } catch (error) {
      setProblem(
        flowSaveProblem(
          error,
          language,
          draft.nodes.map((node) => node.key),
        ),
      )
    } finally {
      setSaving(false)
    }
  }

  const selectedNode = selection?.kind === 'node' ? draft.nodes.find((node) => node.key === selection.key) : undefined
  const fieldErrors = problem?.field ? { [problem.field.name]: problem.field.rule } : {}
  const showNode = (key: string) => {
    setTab('graph')
    dispatch({ type: 'select', selection: { kind: 'node', key } })
  }

  return (
    <div className="jd-page jd-flow-editor" data-testid="flow-editor" data-flow-id={draft.id ?? 'new'}>
      <FlowEditorHeader
        flowId={draft.id}
        name={draft.name}
        origin={origin}
        nameError={fieldErrors.name}
        onName={(name) => setSettings({ name })}
        dirty={dirty}
        saving={saving}
        onLeave={guard.requestClose}
        onSave={() => void save()}
      />
      {origin && <OriginBanner origin={origin} />}
      {problem && <SaveProblemAlert problem={problem} onShowNode={showNode} onClose={() => setProblem(null)} />}
      <Tabs value={tab} onChange={(value) => value && setTab(value as EditorTab)} className="jd-flow-tabs">
        <Tabs.List>
          <Tabs.Tab value="graph" data-testid="flow-tab-graph">
            {t('flowEditor.tab.graph')}
          </Tabs.Tab>
          <Tabs.Tab value="settings" data-testid="flow-tab-settings" color={problem?.field ? 'red' : undefined}>
            {t('flowEditor.tab.settings')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="graph">
          <ReactFlowProvider>
            <div className="jd-flow-tab-fill">
              <FlowPalette
                onAddJob={(job, near) => dispatch({ type: 'add-job', job, near })}
                onAddApproval={(near) => dispatch({ type: 'add-approval', near })}
                onAddSubflow={(flow, near) => dispatch({ type: 'add-subflow', flow, near })}
                onAddSwitch={(near) => dispatch({ type: 'add-switch', near })}
                flowId={draft.id}
                onTidy={() => tidy(draft)}
                onFit={fit}
                laying={layout.laying}
              />
              <div className="jd-flow-body">
                <div className="jd-flow-canvas">
                  <LinkRefusalAlert refusal={state.refusal} layoutError={layout.error} onClose={() => dispatch({ type: 'dismiss-refusal' })} />
                  {draft.nodes.length === 0 && (
                    <Text size="sm" c="dimmed" className="jd-flow-canvas-note" data-testid="flow-empty">
                      {t('flowEditor.empty')}
                    </Text>
                  )}
                  {/* The first layout: nothing is drawn until the nodes have places. */}
                  {draft.nodes.length > 0 && state.positions.size === 0 && layout.laying && (
                    <Text size="sm" c="dimmed" className="jd-flow-canvas-note" data-testid="flow-laying-out">
                      {t('flowEditor.layingOut')}
                    </Text>
                  )}
                  <FlowCanvas state={state} dispatch={dispatch} colorMode={colorMode} fitRequest={fitRequest} />
                </div>
                {selectedNode && <FlowNodePanel draft={draft} node={selectedNode} dispatch={dispatch} />}
                {selection?.kind === 'edge' && <FlowEdgePanel draft={draft} from={selection.from} to={selection.to} dispatch={dispatch} />}
              </div>
            </div>
          </ReactFlowProvider>
        </Tabs.Panel>
        <Tabs.Panel value="settings">
          <div className="jd-flow-settings">
            <FlowSettingsForm settings={draft} setSettings={setSettings} errors={fieldErrors} flowId={draft.id} />
          </div>
        </Tabs.Panel>
      </Tabs>
      {guard.prompt}
    </div>
  )
}
