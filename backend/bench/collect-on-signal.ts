/**
 * Loaded into Keen by `npm run bench:soak` (`node --expose-gc -r collect-on-signal.js`): SIGUSR2
 * runs a full garbage collection, so that the soak reads the memory Keen keeps, not the garbage V8
 * has not collected yet (under load it lets tens of MB pile up between full collections).
 */
const collect = (globalThis as { gc?: () => void }).gc;
if (!collect) throw new Error('collect-on-signal needs node --expose-gc');
process.on('SIGUSR2', () => collect());
