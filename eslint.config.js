import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const ROUTES_KIT =
  'Register gateway routes through services/gateway/src/http/routes-kit.ts (documentedRouter, or documentedApp in app.ts), by their OpenAPI operation.';

export default tseslint.config(
  { ignores: ['**/node_modules/**', 'proto/src/generated/**', '**/dist/**', 'packages/ob3/contexts/**', 'packages/ob3/scratch/**', '**/fixtures/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', Buffer: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', setInterval: 'readonly', clearInterval: 'readonly', fetch: 'readonly', AbortSignal: 'readonly', structuredClone: 'readonly', TextDecoder: 'readonly', TextEncoder: 'readonly', setImmediate: 'readonly', queueMicrotask: 'readonly', NodeJS: 'readonly' } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      'no-console': 'error',
    },
  },
  {
    // The gateway registers every route by its OpenAPI operation (services/gateway/src/http/routes-kit.ts,
    // docs/adr/0010-schema-first-http.md "Routes"): no plain Express router, no route on the app itself.
    files: ['services/gateway/src/**/*.ts'],
    ignores: ['services/gateway/src/http/routes-kit.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'express', importNames: ['Router'], message: ROUTES_KIT }] }],
      'no-restricted-syntax': [
        'error',
        { selector: "MemberExpression[property.name='Router']", message: ROUTES_KIT },
        { selector: "CallExpression[callee.object.name='app'][callee.property.name=/^(get|post|put|patch|delete|all|head|options|route)$/]", message: ROUTES_KIT },
      ],
    },
  },
  {
    files: ['scripts/**', 'bench/**', '**/test/**', 'infra/**'],
    rules: { 'no-console': 'off' },
  },
);
