// Runs the built desktop shell (out/main/index.js) under plain Node with the recording `electron`
// stand-in, in a child process the test drives over its IPC channel: each message names one thing
// to do as Electron or the operator would (invoke an API method from the window, click a
// notification or a tray item, quit) and is answered with what the shell did.
// Usage (from the test): fork('test/shell/shell-host.mjs', ['--data-dir=DIR'])
import { createRequire, register } from 'node:module'
import Module from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

register('./electron-loader.mjs', import.meta.url)
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const standIn = await import('electron')
const record = globalThis.__electronStandIn

/** The colour at the middle of a tray icon's 16 px bitmap (Electron's BGRA order), as [r, g, b]. */
function middleColour(image) {
  const i = (8 * 16 + 8) * 4
  return [image.buffer[i + 2], image.buffer[i + 1], image.buffer[i]]
}

/** A menu template as data: labels, kinds, enabled flags and submenus (clicks left out). */
function menuData(items) {
  return items.map((item) => ({
    label: item.label ?? null,
    type: item.type ?? 'normal',
    enabled: item.enabled !== false,
    clickable: typeof item.click === 'function',
    ...(item.submenu ? { submenu: menuData(item.submenu) } : {}),
  }))
}

function snapshot() {
  return {
    app: record.app,
    ipcHandleCalls: record.ipcHandleCalls,
    removedHandlers: record.removedHandlers,
    errorBoxes: record.errorBoxes,
    openedExternally: record.openedExternally,
    windows: record.windows.map((w) => ({
      options: w.options,
      loadedFile: w.loadedFile,
      loadedUrl: w.loadedUrl,
      shown: w.shown,
      focused: w.focused,
      sent: w.webContents.sent,
      listens: { window: w.eventNames(), webContents: w.webContents.eventNames() },
    })),
    trays: record.trays.map((tray) => ({
      destroyed: tray.destroyed,
      toolTips: tray.toolTips,
      colours: tray.images.map(middleColour),
      menu: tray.menus.length > 0 ? menuData(tray.menus[tray.menus.length - 1].template) : null,
    })),
    notifications: record.notifications.map((n) => ({ title: n.options.title, body: n.options.body, shown: n.shown })),
  }
}

/** A web contents that is not the app's window (another frame or window trying the bridge). */
const stranger = Object.assign(new (await import('node:events')).EventEmitter(), { id: 10_000 })

async function invoke({ method, args, url, fromWindow = true }) {
  const handler = record.ipcHandlers.get('jobdesk:call')
  if (!handler) throw new Error('no handler is registered for jobdesk:call')
  const sender = fromWindow ? record.windows[0].webContents : stranger
  return handler({ sender, senderFrame: url === null ? null : { url } }, method, args)
}

/** The desktop's "Connect to a JobDesk server", as the window (or a stranger) calls it. */
async function connectServer({ request, fromWindow = true }) {
  const handler = record.ipcHandlers.get('jobdesk:connect-server')
  if (!handler) throw new Error('no handler is registered for jobdesk:connect-server')
  const sender = fromWindow ? record.windows[0].webContents : stranger
  return handler({ sender, senderFrame: { url: 'file:///app/out/renderer/index.html' } }, request)
}

/** Navigation attempted inside window `index`: whether the shell prevented it. */
function navigateIn({ index, url }) {
  let prevented = false
  record.windows[index].webContents.emit('will-navigate', { preventDefault: () => (prevented = true) }, url)
  return prevented
}

function findMenuItem(items, path) {
  const [head, ...rest] = path
  const item = items.find((i) => (typeof head === 'number' ? false : i.label === head || (head.startsWith('^') && new RegExp(head).test(i.label ?? ''))))
  if (!item) throw new Error(`no menu item '${head}' among ${items.map((i) => i.label).join(', ')}`)
  return rest.length === 0 ? item : findMenuItem(item.submenu ?? [], rest)
}

/** Loads the built preload with the stand-in as `electron` and reports what it exposed. */
async function loadPreload() {
  const load = Module._load
  Module._load = function (request, ...rest) {
    return request === 'electron' ? standIn : load.call(this, request, ...rest)
  }
  try {
    createRequire(import.meta.url)(join(ROOT, 'out', 'preload', 'index.cjs'))
  } finally {
    Module._load = load
  }
  const bridge = standIn.contextBridge.exposed.jobdesk
  const calls = []
  for (const key of Object.keys(bridge)) {
    if (key === 'onEvent') continue
    standIn.ipcRenderer.invoked.length = 0
    await bridge[key]('an argument', 2)
    calls.push({ key, invoked: [...standIn.ipcRenderer.invoked] })
  }
  const off = bridge.onEvent(() => {})
  const listening = standIn.ipcRenderer.listeners.map((l) => l.channel)
  off()
  return { keys: Object.keys(bridge), calls, listening, afterOff: standIn.ipcRenderer.listeners.length }
}

const commands = {
  snapshot: () => snapshot(),
  invoke,
  connectServer,
  navigateIn,
  clickNotification: ({ index }) => {
    record.notifications[index].emit('click')
    return snapshot()
  },
  clickMenu: ({ path }) => {
    const tray = record.trays[record.trays.length - 1]
    findMenuItem(tray.menus[tray.menus.length - 1].template, path).click()
    return snapshot()
  },
  willNavigate: () => {
    let prevented = false
    record.windows[0].webContents.emit('will-navigate', { preventDefault: () => (prevented = true) }, 'https://example.org/')
    return prevented
  },
  windowOpen: ({ url }) => record.windows[0].webContents.windowOpenHandler({ url }),
  permission: () => new Promise((resolve) => record.windows[0].webContents.session.permissionHandler(record.windows[0].webContents, 'notifications', resolve)),
  secondInstance: () => {
    standIn.app.emit('second-instance')
    return snapshot()
  },
  closeWindow: () => {
    record.windows[0].close()
    return snapshot()
  },
  preload: () => loadPreload(),
  quit: () =>
    new Promise((resolve) => {
      standIn.app.once('stand-in-exit', (code) => resolve({ exitCode: code, snapshot: snapshot() }))
      standIn.app.quit()
    }),
}

process.on('message', async (message) => {
  try {
    const result = await commands[message.command](message)
    // After the shell's app.exit, the process ends as Electron's would.
    const after = message.command === 'quit' ? () => process.exit(result.exitCode) : undefined
    process.send({ id: message.id, ok: true, result }, after)
  } catch (error) {
    process.send({ id: message.id, ok: false, error: String(error?.stack ?? error) })
  }
})

await import(pathToFileURL(join(ROOT, 'out', 'main', 'index.js')).href)
process.send({ ready: true })
