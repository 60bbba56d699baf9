// A recording stand-in for the `electron` module, so the built desktop shell (out/main/index.js)
// runs under plain Node: every window, IPC handler, tray, menu and notification it creates is kept
// in `globalThis.__electronStandIn`, where the shell host (shell-host.mjs) reads and drives them.
// Only the members the shell uses exist; calling anything else fails loudly.
import { EventEmitter } from 'node:events'

const record = {
  app: { paths: {}, singleInstanceLock: 0, exitCode: null, quitCalls: 0 },
  windows: [],
  ipcHandlers: new Map(),
  ipcHandleCalls: [],
  removedHandlers: [],
  trays: [],
  notifications: [],
  images: [],
  openedExternally: [],
  errorBoxes: [],
}
globalThis.__electronStandIn = record

// Electron reports its own version here; the shell builds the path of its better-sqlite3 copy from it.
if (!process.versions.electron) Object.defineProperty(process.versions, 'electron', { value: '0.0.0-stand-in', enumerable: true })

class StandInApp extends EventEmitter {
  requestSingleInstanceLock() {
    record.app.singleInstanceLock++
    return true
  }
  setPath(name, path) {
    record.app.paths[name] = path
  }
  whenReady() {
    return Promise.resolve()
  }
  quit() {
    record.app.quitCalls++
    // Electron emits before-quit; a handler may prevent it (the shell does, to drain the core first).
    let prevented = false
    this.emit('before-quit', { preventDefault: () => (prevented = true) })
    if (!prevented) this.exit(0)
  }
  exit(code = 0) {
    record.app.exitCode = code
    this.emit('stand-in-exit', code)
  }
}
export const app = new StandInApp()

let nextContentsId = 1
class StandInWebContents extends EventEmitter {
  constructor() {
    super()
    this.id = nextContentsId++
    this.sent = []
    this.windowOpenHandler = null
    this.loading = true
    this.session = {
      permissionHandler: null,
      setPermissionRequestHandler: (handler) => (this.session.permissionHandler = handler),
    }
  }
  send(channel, payload) {
    this.sent.push({ channel, payload })
  }
  isLoading() {
    return this.loading
  }
  setWindowOpenHandler(handler) {
    this.windowOpenHandler = handler
  }
}

export class BrowserWindow extends EventEmitter {
  constructor(options) {
    super()
    this.options = options
    this.webContents = new StandInWebContents()
    this.loadedFile = null
    this.loadedUrl = null
    this.shown = 0
    this.focused = 0
    this.minimized = false
    this.maximized = false
    this.destroyed = false
    this.bounds = { x: options.x ?? 40, y: options.y ?? 40, width: options.width, height: options.height }
    record.windows.push(this)
  }
  loadFile(file) {
    this.loadedFile = file
    // As Electron does once the page is in: it finished loading and is ready to be shown.
    setImmediate(() => {
      this.webContents.loading = false
      this.webContents.emit('did-finish-load')
      this.emit('ready-to-show')
    })
    return Promise.resolve()
  }
  loadURL(url) {
    this.loadedUrl = url
    setImmediate(() => {
      this.webContents.loading = false
      this.webContents.emit('did-finish-load')
      this.emit('ready-to-show')
    })
    return Promise.resolve()
  }
  show() {
    this.shown++
  }
  focus() {
    this.focused++
  }
  isMinimized() {
    return this.minimized
  }
  restore() {
    this.minimized = false
  }
  maximize() {
    this.maximized = true
  }
  isMaximized() {
    return this.maximized
  }
  getNormalBounds() {
    return this.bounds
  }
  isDestroyed() {
    return this.destroyed
  }
  close() {
    this.emit('close')
    this.destroyed = true
    this.webContents.emit('destroyed')
    this.emit('closed')
  }
}

export const ipcMain = {
  handle(channel, handler) {
    record.ipcHandleCalls.push(channel)
    if (record.ipcHandlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`)
    record.ipcHandlers.set(channel, handler)
  },
  removeHandler(channel) {
    record.removedHandlers.push(channel)
    record.ipcHandlers.delete(channel)
  },
}

export const nativeImage = {
  createFromBitmap(buffer, options) {
    const image = { buffer: Buffer.from(buffer), options, representations: [], addRepresentation: (r) => image.representations.push(r) }
    record.images.push(image)
    return image
  },
}

export class Tray extends EventEmitter {
  constructor(image) {
    super()
    this.images = [image]
    this.toolTips = []
    this.menus = []
    this.destroyed = false
    record.trays.push(this)
  }
  setImage(image) {
    this.images.push(image)
  }
  setToolTip(text) {
    this.toolTips.push(text)
  }
  setContextMenu(menu) {
    this.menus.push(menu)
  }
  destroy() {
    this.destroyed = true
  }
}

export const Menu = {
  // The template is the menu, as far as anyone can click it.
  buildFromTemplate: (template) => ({ template }),
}

export class Notification extends EventEmitter {
  static isSupported() {
    return true
  }
  constructor(options) {
    super()
    this.options = options
    this.shown = 0
    record.notifications.push(this)
  }
  loadURL(url) {
    this.loadedUrl = url
    setImmediate(() => {
      this.webContents.loading = false
      this.webContents.emit('did-finish-load')
      this.emit('ready-to-show')
    })
    return Promise.resolve()
  }
  show() {
    this.shown++
  }
}

export const dialog = {
  showErrorBox(title, content) {
    record.errorBoxes.push({ title, content })
  },
}

export const shell = {
  openExternal(url) {
    record.openedExternally.push(url)
    return Promise.resolve()
  },
}

export const screen = {
  getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }],
}

// A keychain that "encrypts" by a visible prefix: the desktop shell's safeStorage path of the
// secrets key (src/main/shell/desktop-secrets-key.ts) runs end to end without the OS's keychain.
const WRAPPED = 'stand-in-keychain:'
export const safeStorage = {
  isEncryptionAvailable: () => true,
  encryptString: (text) => Buffer.from(WRAPPED + text),
  decryptString: (buffer) => {
    const text = buffer.toString()
    if (!text.startsWith(WRAPPED)) throw new Error('not wrapped by this keychain')
    return text.slice(WRAPPED.length)
  },
}

// The preload's side of the bridge, for loading out/preload/index.cjs with this stand-in.
export const contextBridge = {
  exposed: {},
  exposeInMainWorld(key, api) {
    contextBridge.exposed[key] = api
  },
}

export const ipcRenderer = {
  invoked: [],
  listeners: [],
  invoke(channel, ...args) {
    ipcRenderer.invoked.push({ channel, args })
    return Promise.resolve({ ok: true, value: null })
  },
  on(channel, listener) {
    ipcRenderer.listeners.push({ channel, listener })
  },
  removeListener(channel, listener) {
    ipcRenderer.listeners = ipcRenderer.listeners.filter((l) => l.channel !== channel || l.listener !== listener)
  },
}

export default { app, BrowserWindow, ipcMain, nativeImage, Tray, Menu, Notification, dialog, shell, screen, safeStorage, contextBridge, ipcRenderer }
