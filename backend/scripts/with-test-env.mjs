// `npm test -w backend`: runs the given command (jest) with the Auth Emulator up, starting one
// unless FIREBASE_AUTH_EMULATOR_HOST already points at one.
import { spawn } from 'node:child_process';
import { startAuthEmulator } from './auth-emulator.mjs';

const [command, ...args] = process.argv.slice(2);
const env = { ...process.env, NODE_ENV: 'test' };
let emulator = null;
if (!env.FIREBASE_AUTH_EMULATOR_HOST) {
  emulator = await startAuthEmulator({ projectId: 'demo-keen' });
  env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
}
const child = spawn(command, args, { stdio: 'inherit', env, shell: process.platform === 'win32' });
const code = await new Promise((resolve) => child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0))));
await emulator?.stop();
process.exit(code);
