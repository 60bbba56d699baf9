#!/usr/bin/env node
// The LAN executor agent: the built bundle when present (npm run build), else the TypeScript source
// through tsx (a development checkout).
import { existsSync } from 'node:fs'

const root = new URL('../', import.meta.url)
const built = new URL('out/main/executor-agent.js', root)

if (existsSync(built)) {
  await import(built.href)
} else {
  const tsx = await import('tsx/esm/api')
  tsx.register()
  await import(new URL('src/main/executor-agent.ts', root).href)
}
