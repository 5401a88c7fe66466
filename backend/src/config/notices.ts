import type { Config } from './types';

/**
 * One line for `npm start` outside production: what development mode switches on that a real shop
 * must not have, and the setting that turns production on. Null in production.
 */
export function developmentNotice(config: Config): string | null {
  if (config.env === 'production') return null;
  const parts = [
    config.stripe.secretKey === null ? 'the offline test payment provider' : null,
    config.ageChecks.provider === 'test' ? 'the offline test age checks' : null,
    config.seedDemo ? `the demo admin ${config.demoAccounts.admin.email}` : null,
    config.firebase.emulatorHost ? 'the Auth Emulator' : null,
  ].filter((part): part is string => part !== null);
  const uses = parts.length ? ` (${parts.join(', ')})` : '';
  return `${config.env === 'test' ? 'Test' : 'Development'} mode${uses}: NODE_ENV=production turns production on.`;
}

/**
 * Warnings for the log at start: settings a production shop runs with but should not. Each names
 * the setting to change; none quotes a secret.
 */
export function startupWarnings(config: Config): string[] {
  if (config.env !== 'production') return [];
  const warnings: string[] = [];
  if (config.backups.daily && config.backups.encryptionKey === null)
    warnings.push(
      'Backups are on (BACKUPS=on) but unencrypted: set BACKUP_ENCRYPTION_KEY (or BACKUP_ENCRYPTION_KEY_FILE) to encrypt them, and keep the key somewhere other than the backups',
    );
  return warnings;
}
