// Every setting Keen reads, checked once at start: settings.ts declares each (its check, its default
// and its row in docs/settings.md), load.ts maps them onto Config (types.ts). `.env.example` documents each one.
export * from './types';
export { loadBackupConfig, loadConfig, SECRET_SETTINGS } from './load';
export { developmentNotice, startupWarnings } from './notices';
