import { loadConfig } from '../../src/config';
import { AgeCheckMethod, AgeCheckStatus } from '../../src/modules/compliance/age-evidence.entity';
import { ageBracket, ageOn, type AgeVerifier } from '../../src/modules/compliance/age-verifier';
import { createAgeVerifier } from '../../src/modules/compliance/create-age-verifier';
import { DeclaredAgeVerifier } from '../../src/modules/compliance/declared-age-verifier';
import { TestAgeVerifier } from '../../src/modules/compliance/test-age-verifier';
import { productionEnv } from '../support/production-env';

/**
 * The AgeVerifier port's contract, run against every provider Keen has. A real provider's adapter
 * (a later step, at its HTTP boundary against a local stand-in) joins this list and must pass it too.
 */
const providers: [string, () => AgeVerifier][] = [
  ['the offline test provider', () => new TestAgeVerifier()],
  ['the declared date of birth', () => new DeclaredAgeVerifier()],
];

const AT = new Date('2026-06-15T10:00:00Z');
const ages = [18, 21];
const request = (dateOfBirth: string, fullName = 'Ada Steel') => ({ fullName, dateOfBirth, minimumAges: ages, at: AT });

describe.each(providers)('the AgeVerifier contract: %s', (_name, make) => {
  test('a date of birth old enough passes, proving the bracket it falls in between the minimum ages; a younger one fails, below the lowest', async () => {
    const verifier = make();
    expect(await verifier.check(request('1990-01-01'))).toMatchObject({ status: AgeCheckStatus.PASSED, ageAtLeast: 21, ageBelow: null });
    expect(await verifier.check(request('2006-01-01'))).toMatchObject({ status: AgeCheckStatus.PASSED, ageAtLeast: 18, ageBelow: 21 });
    expect(await verifier.check(request('2015-01-01'))).toMatchObject({ status: AgeCheckStatus.FAILED, ageAtLeast: null, ageBelow: 18 });
    const three = { ...request('2009-01-01'), minimumAges: [16, 18, 21] };
    expect(await verifier.check(three)).toMatchObject({ status: AgeCheckStatus.PASSED, ageAtLeast: 16, ageBelow: 18 });
  });

  test('ages turn on the birthday (UTC), not a day before', async () => {
    const verifier = make();
    expect((await verifier.check(request('2008-06-15'))).status).toBe(AgeCheckStatus.PASSED);
    expect((await verifier.check(request('2008-06-16'))).status).toBe(AgeCheckStatus.FAILED);
    expect((await verifier.check(request('2005-06-15'))).ageAtLeast).toBe(21);
    expect(await verifier.check(request('2005-06-16'))).toMatchObject({ ageAtLeast: 18, ageBelow: 21 });
  });

  test('a verdict carries no date of birth, nor any part of it; each check has a reference of its own', async () => {
    const verifier = make();
    const first = await verifier.check(request('1987-11-23'));
    const second = await verifier.check(request('1987-11-23'));
    expect(first.reference).not.toMatch(/1987-11-23|19871123|23\/?11\/?1987/);
    expect(first.ageAtLeast).toBe(21);
    expect(first.reference).not.toBe(second.reference);
    expect(first.reference.length).toBeGreaterThan(8);
    expect(Object.keys(first).sort()).toEqual(['ageAtLeast', 'ageBelow', 'reference', 'status']);
  });

  test('its method names it', () => {
    expect(Object.values(AgeCheckMethod)).toContain(make().method);
  });
});

describe('the offline test provider, documented like test cards', () => {
  const verifier = new TestAgeVerifier();

  test('"Needs Document" (in any case) waits for a document; test_document_adult then passes, test_document_minor fails', async () => {
    const waiting = await verifier.check(request('1990-01-01', '  needs DOCUMENT '));
    expect(waiting).toMatchObject({ status: AgeCheckStatus.NEEDS_DOCUMENT, ageAtLeast: null, ageBelow: null });
    const document = (token: string) => verifier.submitDocument({ reference: waiting.reference, document: token, minimumAges: ages });
    expect(await document('test_document_adult')).toEqual({
      status: AgeCheckStatus.PASSED,
      ageAtLeast: 21,
      ageBelow: null,
      reference: waiting.reference,
    });
    expect(await document('test_document_minor')).toEqual({
      status: AgeCheckStatus.FAILED,
      ageAtLeast: null,
      ageBelow: 18,
      reference: waiting.reference,
    });
    await expect(document('scan.pdf')).rejects.toThrow('Unknown test document');
  });

  test('the declared method takes no document', async () => {
    await expect(new DeclaredAgeVerifier().submitDocument()).rejects.toThrow('A declared age check takes no document');
  });
});

test('age and bracket: a 29 February birthday turns a year older on 1 March; the bracket shows as before ("18+", "under 18")', () => {
  expect(ageOn('2008-02-29', new Date('2026-02-28T23:59:59Z'))).toBe(17);
  expect(ageOn('2008-02-29', new Date('2026-03-01T00:00:00Z'))).toBe(18);
  expect(ageBracket({ ageAtLeast: 21, ageBelow: null })).toBe('21+');
  expect(ageBracket({ ageAtLeast: 18, ageBelow: 21 })).toBe('18+');
  expect(ageBracket({ ageAtLeast: null, ageBelow: 18 })).toBe('under 18');
  expect(ageBracket({ ageAtLeast: null, ageBelow: null })).toBeNull();
});

describe('AGE_VERIFICATION', () => {
  const development = { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' };

  test('defaults to the offline test provider outside production, with a year of reuse, six years of evidence and 18', () => {
    expect(loadConfig(development).ageChecks).toEqual({ provider: 'test', validDays: 365, retentionYears: 6, defaultMinimumAge: 18 });
    expect(createAgeVerifier({ provider: 'test' })).toBeInstanceOf(TestAgeVerifier);
    expect(createAgeVerifier({ provider: 'declared' })).toBeInstanceOf(DeclaredAgeVerifier);
  });

  test('production must choose, and may not choose the test provider', () => {
    const { AGE_VERIFICATION: _chosen, ...unchosen } = productionEnv;
    expect(() => loadConfig(unchosen)).toThrow(/^Setting AGE_VERIFICATION: is required in production/);
    expect(() => loadConfig({ ...productionEnv, AGE_VERIFICATION: 'test' })).toThrow(
      'Setting AGE_VERIFICATION: test is refused in production: the offline test age checks are for development only',
    );
    expect(loadConfig(productionEnv).ageChecks.provider).toBe('declared');
  });

  test('bad values name the setting', () => {
    expect(() => loadConfig({ ...development, AGE_VERIFICATION: 'yoti' })).toThrow(
      'Setting AGE_VERIFICATION: expected test or declared, got "yoti"',
    );
    expect(() => loadConfig({ ...development, AGE_CHECK_VALID_DAYS: '0' })).toThrow('Setting AGE_CHECK_VALID_DAYS');
    expect(() => loadConfig({ ...development, BLADE_MINIMUM_AGE: '12' })).toThrow(
      'Setting BLADE_MINIMUM_AGE: expected a whole number from 16 to 25, got "12"',
    );
    expect(loadConfig({ ...development, AGE_EVIDENCE_RETENTION_YEARS: '10' }).ageChecks.retentionYears).toBe(10);
  });
});
