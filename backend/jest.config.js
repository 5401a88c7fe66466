/** Backend tests: real PostgreSQL (embedded, or TEST_DATABASE_URL) and the Firebase Auth Emulator. */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  // The shared rules from their source: tests need no build first.
  moduleNameMapper: {
    '^@keen/rules$': '<rootDir>/../packages/rules/src/index.ts',
    '^@keen/rules/schemas$': '<rootDir>/../packages/rules/src/schemas.ts',
    '^@keen/rules/address$': '<rootDir>/../packages/rules/src/address.ts',
  },
  transform: { '^.+\\.tsx?$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }] },
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  setupFiles: ['reflect-metadata'],
  testTimeout: 30000,
  maxWorkers: 2,
};
