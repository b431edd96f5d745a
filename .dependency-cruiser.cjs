// The layer rules (which layer may import which, so tools, data and pure math stay apart), checked by `npm run lint:layers` (part of `npm run lint`).
// Paths are relative to the repository root; `@/…` imports are resolved through tsconfig.json.
// Type-only imports are seen (tsPreCompilationDeps) and tagged `type-only`: a type carries no I/O, so the
// tools rule and the ledger rule let them through; every other rule counts them like any import.
// The rule of no folder cycles among lib/'s folders and files is checked by scripts/lint-layers.mjs over
// this cruise's result: dependency-cruiser's folder-scoped rules know folders only, not lib/errors.ts or
// lib/responsible-gambling.ts.

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'betting-is-pure',
      comment:
        'lib/betting is the pure odds math: it imports nothing outside lib/betting but lib/errors.ts ' +
        '(no node: modules, no database, no configuration, no packages).',
      severity: 'error',
      from: { path: '^lib/betting/' },
      to: { pathNot: ['^lib/betting/', '^lib/errors\\.ts$'] },
    },
    {
      name: 'tools-reach-data-through-repositories',
      comment:
        'Tools reach I/O only through their context and the repositories: no configuration, database client, ' +
        'Prisma, generated client, data providers or classifier (type-only imports are allowed).',
      severity: 'error',
      from: { path: '^lib/tools/' },
      to: {
        path: [
          '^lib/config/',
          '^lib/db/',
          '^node_modules/@prisma/',
          '^node_modules/\\.prisma/',
          '^lib/data/providers/',
          '^lib/news/classifier\\.ts$',
        ],
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'nothing-below-the-gateway-imports-it',
      comment:
        'Only the front ends (app/, proxy.ts, lib/mcp), the composition root (lib/root), the jev command, the bench and the ' +
        'tests import lib/gateway; ' +
        'the layers it drives (tools, data, account, auth, db, betting, news, ratelimit, config, errors, …) never do.',
      severity: 'error',
      from: { pathNot: ['^lib/gateway/', '^lib/mcp/', '^lib/root/', '^app/', '^proxy\\.ts$', '^cli/', '^bench/', '^tests/'] },
      to: { path: '^lib/gateway/' },
    },
    {
      name: 'below-the-tools',
      comment:
        'The layers the tools stand on (data, pricing, account, news, db, ratelimit, config, betting) never import the tools, ' +
        'the presentation, a front end or the root, not even a type: they know nothing of how their results are shown or served.',
      severity: 'error',
      from: { path: '^lib/(data|pricing|account|news|db|ratelimit|config|betting)/' },
      to: { path: '^(lib/(tools|present|console|apps|mcp|root|oauth|auth|gateway|docs)/|app/|cli/)' },
    },
    {
      name: 'console-and-cli-reach-the-ledger-through-it',
      comment:
        'The console (app/, lib/console) and the jev command read and write bankrolls, bets and picks through the Ledger ' +
        '(lib/account/ledger.ts: root().ledger), never by calling the operations on a database (type-only imports are allowed). ' +
        'lib/account/bankroll.ts is left out: its view helpers (coolingOffNotes, askedLimits) are shared beside readBankroll.',
      severity: 'error',
      from: { path: '^(app/|cli/|lib/console/)' },
      to: {
        path: '^lib/account/(bankroll-save|bankroll-history|bets|picks|preferences|settle)\\.ts$',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'no-file-cycles',
      comment: 'No module imports one that (through others) imports it back.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'resolvable',
      comment: 'Every import resolves; one that does not would slip past the rules above.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: ['node_modules', '^lib/db/generated/'] },
    exclude: { path: ['^\\.next', '^node_modules/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.cjs', '.d.ts'],
    },
    skipAnalysisNotInRules: true,
  },
};
