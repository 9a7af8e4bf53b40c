// The lint: eslint's and typescript-eslint's recommended rules, a few settings
// that fit this code base, and the one boundary the design depends on.
import js from "@eslint/js"
import tseslint from "typescript-eslint"

/** Node's globals for the plain JavaScript files (TypeScript knows them from @types/node). */
const nodeGlobals = Object.fromEntries(
  [
    "AbortController", "AbortSignal", "Buffer", "URL", "console", "fetch", "process",
    "setTimeout", "clearTimeout", "setInterval", "clearInterval", "setImmediate",
  ].map((name) => [name, "readonly"])
)

export default tseslint.config(
  {
    // Build output and generated files are not ours to lint.
    ignores: [".medusa/**", "node_modules/**", "static/**", ".demo/**", "**/dist/**"],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      // A leading underscore marks an argument or variable kept on purpose; `{ a, ...rest }` drops `a`.
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true },
      ],
      eqeqeq: ["error", "smart"],
    },
  },
  {
    // The sandbox is a second reading of the spec: it must never borrow the client's (docs/sandbox.md).
    files: ["src/sandbox/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(\\.\\./)+(src/)?lib(/|$)",
              message:
                "src/sandbox must not import src/lib: it reads the spec on its own, so the client's misreadings cannot pass against it.",
            },
            {
              regex: "^medusa-pickup-point/client",
              message: "src/sandbox must not import the client.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["**/*.js", "**/*.cjs", "**/*.mjs"],
    languageOptions: { globals: nodeGlobals },
  },
  {
    files: ["**/*.js", "**/*.cjs"],
    languageOptions: {
      sourceType: "commonjs",
      globals: { require: "readonly", module: "writable", exports: "writable", __dirname: "readonly" },
    },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  }
)
