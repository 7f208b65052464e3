/**
 * One jest run, four projects: `backend` (SQL on PGlite + PostgreSQL, HTTP API through
 * supabase-js), `site` (the animation's pure logic), `admin` (providers, schemas, views),
 * `scripts` (the pure parts of the repo's scripts, e.g. the site bench's report).
 * Run with NODE_OPTIONS=--experimental-vm-modules (PGlite's CommonJS build uses import()).
 */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];
const common = {
  transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.mjs$': swc },
  // ESM-only packages are compiled to CommonJS like our own code.
  transformIgnorePatterns: ['/node_modules/(?!(jose|@electric-sql|react-hotkeys-hook|@raphiniert)/)'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  // The bench's copy of the bare Gatsby fixture would clash with the original's package name.
  modulePathIgnorePatterns: ['<rootDir>/.tmp/'],
};

module.exports = {
  testTimeout: 30000,
  projects: [
    {
      ...common,
      displayName: 'backend',
      testEnvironment: 'node',
      // A throwaway PostgreSQL cluster for the real-server run of tests/sql (BUZZ_TEST_PG_URL).
      globalSetup: '<rootDir>/tests/setup/global-setup.ts',
      globalTeardown: '<rootDir>/tests/setup/global-teardown.ts',
      testMatch: ['<rootDir>/tests/sql/**/*.test.ts', '<rootDir>/tests/api/**/*.test.ts'],
    },
    {
      ...common,
      displayName: 'site',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/site/src/**/*.test.ts', '<rootDir>/site/src/**/*.test.tsx', '<rootDir>/supabase/functions/_shared/**/*.test.ts'],
    },
    {
      ...common,
      displayName: 'admin',
      testEnvironment: '<rootDir>/admin/src/test/jsdomEnvironment.cjs',
      setupFiles: ['<rootDir>/admin/src/test/setupJsdom.ts'],
      testMatch: ['<rootDir>/admin/src/**/*.test.ts', '<rootDir>/admin/src/**/*.test.tsx'],
    },
    {
      ...common,
      displayName: 'scripts',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/scripts/**/*.test.mjs'],
    },
  ],
};
