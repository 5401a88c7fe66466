import pino from 'pino';
import { countryName } from '@keen/rules/address';
import { demoBladeRules, seedBladeRules, seedShipping } from '../../src/seed/seed';
import { startTestApp, type TestApp } from '../support/harness';

const silent = pino({ level: 'silent' });
const RULES = '{ bladeRules { country minimumAge allowed handover } }';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
  await seedShipping(app.db, silent);
  await seedBladeRules(app.db, silent);
});
afterAll(() => app.close());

test("the demo's rules for bladed articles (demo data, not legal advice): the UK age-verified, the zones' other countries and the US at 18, Australia none though it is delivered to", async () => {
  const admin = await app.adminUser();
  const rules: { country: string; minimumAge: number; allowed: boolean; handover: string }[] = (await app.gql(RULES, {}, admin)).data!
    .bladeRules;
  const zoneCountries: string[] = (await app.db.query('SELECT "country" FROM "shipping_zone_country" ORDER BY "country"')).map(
    (row: { country: string }) => row.country,
  );
  // Every country the demo delivers to has a rule; the one where blades are not sold lies inside a zone, so the refusal shows.
  expect(rules.map((rule) => rule.country).sort()).toEqual(zoneCountries);
  expect(rules.find((rule) => rule.country === 'GB')).toEqual({ country: 'GB', minimumAge: 18, allowed: true, handover: 'ageVerified' });
  expect(
    rules.filter((rule) => rule.country !== 'GB' && rule.allowed).every((rule) => rule.minimumAge === 18 && rule.handover === 'standard'),
  ).toBe(true);
  const refused = rules.filter((rule) => !rule.allowed);
  expect(refused.map((rule) => countryName(rule.country))).toEqual(['Australia']);
  expect(rules).toHaveLength(demoBladeRules.length);
});

test('a shop that already has rules keeps them', async () => {
  await app.db.query(`DELETE FROM "blade_rule" WHERE "country" = 'AU'`);
  await seedBladeRules(app.db, silent);
  expect((await app.db.query(`SELECT count(*)::int AS n FROM "blade_rule" WHERE "country" = 'AU'`))[0].n).toBe(0);
});
