import ELK from 'elkjs/lib/elk.bundled.js'
import { fromElkGraph, toElkGraph } from '../../lib/dag/elk-graph'
import type { LayoutReply, LayoutRequest } from './layout-messages'

/**
 * The graph layout worker (the DAG page, the flow editor): ELK runs here, off the page's thread,
 * so a graph of a thousand jobs is laid out without freezing the console. One message type in,
 * one answer per request.
 */
const elk = new ELK()
const scope = self as unknown as { onmessage: ((event: MessageEvent<LayoutRequest>) => void) | null; postMessage(reply: LayoutReply): void }

scope.onmessage = (event) => {
  const request = event.data
  if (request.type !== 'layout') return
  void (async () => {
    try {
      const boxes: Extract<LayoutReply, { type: 'laid-out' }>['boxes'] = []
      for (const component of request.components) {
        const box = fromElkGraph(await elk.layout(toElkGraph(component, request.options)), request.options)
        boxes.push({ key: component.key, local: [...box.local], width: box.width, height: box.height })
      }
      scope.postMessage({ type: 'laid-out', requestId: request.requestId, boxes })
    } catch (error) {
      const { name, message } = error instanceof Error ? error : new Error(String(error))
      scope.postMessage({ type: 'failed', requestId: request.requestId, error: { name, message } })
    }
  })()
}
