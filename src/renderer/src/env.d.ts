// Side-effect imports the bundler handles: CSS, and cronstrue's locale files (which register themselves).
declare module '*.css'
declare module 'cronstrue/locales/zh_CN'
