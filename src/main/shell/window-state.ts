import { screen, type BrowserWindow, type Rectangle } from 'electron'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

interface WindowState {
  bounds: Rectangle
  maximized: boolean
}

const FILE = 'window-state.json'

/** The window's last size and place, if it still fits on one of the current displays. */
export function loadWindowState(dataDir: string): WindowState | null {
  try {
    const state = JSON.parse(readFileSync(join(dataDir, FILE), 'utf8')) as WindowState
    const { x, y, width, height } = state.bounds
    if (![x, y, width, height].every(Number.isFinite) || width < 400 || height < 300) return null
    // A monitor that was unplugged would put the window off-screen.
    const visible = screen.getAllDisplays().some((d) => {
      const area = d.workArea
      return x < area.x + area.width && x + width > area.x && y < area.y + area.height && y + height > area.y
    })
    return visible ? state : null
  } catch {
    return null
  }
}

export function rememberWindowState(window: BrowserWindow, dataDir: string): void {
  const save = () => {
    if (window.isDestroyed()) return
    const state: WindowState = { bounds: window.getNormalBounds(), maximized: window.isMaximized() }
    try {
      writeFileSync(join(dataDir, FILE), JSON.stringify(state))
    } catch {
      // Not worth interrupting the operator for.
    }
  }
  window.on('close', save)
}
