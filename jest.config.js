const { loadEnv } = require("@medusajs/framework/utils")
loadEnv("test", process.cwd())

process.env.MEDUSA_DISABLE_TELEMETRY = "true"

const transform = {
  "^.+\\.[jt]sx?$": [
    "@swc/jest",
    {
      jsc: {
        parser: { syntax: "typescript", decorators: true, tsx: true },
        target: "es2021",
        // .tsx (src/react) uses React 17+'s automatic JSX runtime, as tsconfig's "react-jsx".
        transform: { react: { runtime: "automatic" } },
      },
    },
  ],
}

const common = {
  transform,
  testEnvironment: "node",
  moduleFileExtensions: ["js", "ts", "tsx", "json"],
  modulePathIgnorePatterns: ["dist/", "<rootDir>/.medusa/"],
}

const withPostgres = {
  setupFiles: ["<rootDir>/integration-tests/setup.js"],
  globalSetup: "<rootDir>/integration-tests/pg-global-setup.mjs",
  globalTeardown: "<rootDir>/integration-tests/pg-global-teardown.mjs",
}

module.exports = {
  projects: [
    {
      ...common,
      displayName: "unit",
      // Pure logic, and the client against the sandbox over loopback HTTP.
      testMatch: ["<rootDir>/src/**/__tests__/**/*.spec.ts"],
    },
    {
      ...common,
      displayName: "integration",
      // A real Medusa app on real PostgreSQL (embedded unless USE_EXTERNAL_PG=1).
      // The module alone (moduleIntegrationTestRunner), and a whole app over HTTP.
      testMatch: ["<rootDir>/integration-tests/modules/**/*.spec.ts", "<rootDir>/integration-tests/http/**/*.spec.ts"],
      ...withPostgres,
    },
    {
      ...common,
      displayName: "browser",
      // The built admin of a real Medusa app, driven in Debian's chromium (playwright-core).
      testMatch: ["<rootDir>/integration-tests/browser/**/*.spec.ts"],
      ...withPostgres,
      globalSetup: "<rootDir>/integration-tests/browser/global-setup.mjs",
    },
    {
      ...common,
      displayName: "storefront",
      // The demo storefront, built with Vite, against a real Medusa app, driven in Debian's chromium (playwright-core).
      testMatch: ["<rootDir>/integration-tests/storefront/**/*.spec.ts"],
      ...withPostgres,
    },
    {
      ...common,
      displayName: "topology",
      // Medusa's production topology (redis-server, a server and two workers) under faults, crashes and races: a small soak.
      testMatch: ["<rootDir>/test-support/topology/**/*.spec.ts"],
      ...withPostgres,
    },
    {
      ...common,
      displayName: "bench",
      // Benchmarks print figures; `npm run bench:*` runs them, `npm test` does not.
      testMatch: ["<rootDir>/bench/**/*.bench.ts"],
      ...withPostgres,
    },
  ],
}
