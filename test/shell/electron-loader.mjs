// An ESM resolve hook (registered with node:module's `register`): `import … from 'electron'`
// resolves to the recording stand-in instead of the Electron binary's module.
const STAND_IN = new URL('./electron-stand-in.mjs', import.meta.url).href

export async function resolve(specifier, context, nextResolve) {
  if (specifier === 'electron') return { url: STAND_IN, shortCircuit: true }
  return nextResolve(specifier, context)
}
