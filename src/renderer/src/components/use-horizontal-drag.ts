import { useRef, type PointerEvent } from 'react'

/**
 * Pointer handlers for a grip dragged sideways (a column edge, a split bar): `begin` takes what the
 * drag starts from, `move` gets it with the distance moved so far. The pointer is captured, so the
 * drag goes on outside the grip.
 */
export function useHorizontalDrag<T>(begin: () => T, move: (start: T, dxPx: number) => void) {
  const drag = useRef<{ startX: number; start: T } | null>(null)
  const end = () => (drag.current = null)
  return {
    onPointerDown(event: PointerEvent<HTMLElement>) {
      event.preventDefault()
      event.currentTarget.setPointerCapture(event.pointerId)
      drag.current = { startX: event.clientX, start: begin() }
    },
    onPointerMove(event: PointerEvent<HTMLElement>) {
      const at = drag.current
      if (at) move(at.start, event.clientX - at.startX)
    },
    onPointerUp: end,
    onPointerCancel: end,
  }
}
