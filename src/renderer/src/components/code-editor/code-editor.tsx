import './code-editor.css'
import { Compartment, EditorState } from '@codemirror/state'
import { basicSetup, EditorView } from 'codemirror'
import { useEffect, useRef } from 'react'
import type { GlueLanguage } from '../../lib/jobs/glue-language'
import { loadLanguage } from './code-languages'
import { codeTheme } from './code-theme'

export interface CodeEditorProps {
  value: string
  onChange?(value: string): void
  language: GlueLanguage
  readOnly?: boolean
  /** The editor's height in px (it scrolls inside). */
  height: number
  /** Accessible name and test id of the editable area. */
  label: string
  testId?: string
}

/**
 * A CodeMirror 6 editor for GLUE sources: line numbers, undo history, search (Ctrl-F), bracket
 * matching, and syntax colours for shell, PowerShell, Python, Node.js, PHP and Groovy. Controlled: it
 * reports every change and takes `value` back; a different `value` from outside replaces the text.
 */
export default function CodeEditor({ value, onChange, language, readOnly = false, height, label, testId }: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null)
  const view = useRef<EditorView | null>(null)
  const languageSlot = useRef(new Compartment())
  const readOnlySlot = useRef(new Compartment())
  const onChangeRef = useRef(onChange)
  onChangeRef.current = onChange

  useEffect(() => {
    const editor = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: value,
        extensions: [
          basicSetup,
          codeTheme,
          EditorView.theme({ '&': { height: `${height}px` } }),
          // Plain text until the language's grammar has loaded (the effect below).
          languageSlot.current.of([]),
          readOnlySlot.current.of([EditorState.readOnly.of(readOnly), EditorView.editable.of(!readOnly)]),
          EditorView.contentAttributes.of({ 'aria-label': label, ...(testId ? { 'data-testid': testId } : {}) }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) onChangeRef.current?.(update.state.doc.toString())
          }),
        ],
      }),
    })
    view.current = editor
    return () => {
      editor.destroy()
      view.current = null
    }
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- the editor is created once; the effects below apply later prop changes to it
  }, [])

  useEffect(() => {
    const editor = view.current
    if (editor && editor.state.doc.toString() !== value) editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } })
  }, [value])

  useEffect(() => {
    let current = true
    // A grammar that fails to load leaves the source plain text: it stays editable.
    void loadLanguage(language).then(
      (support) => current && view.current?.dispatch({ effects: languageSlot.current.reconfigure(support) }),
      () => {},
    )
    return () => {
      current = false
    }
  }, [language])

  useEffect(() => {
    view.current?.dispatch({ effects: readOnlySlot.current.reconfigure([EditorState.readOnly.of(readOnly), EditorView.editable.of(!readOnly)]) })
  }, [readOnly])

  return <div ref={host} className="jd-code" data-readonly={readOnly} />
}
