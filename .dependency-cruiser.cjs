/**
 * Import rules, checked by `npm run lint:deps` (part of `npm test`): dependencies run one way
 * (docs/decisions.md "One-way dependencies", ../shared/STYLE.md).
 *
 * In the API, shared building blocks sit at the bottom and import no domain; domains import those blocks and each
 * other; what gathers every domain (app-router.ts, rest-v1-routes.ts) and the composition (app.ts, server.ts,
 * index.ts) sit at the top beside app.ts, and nothing below imports them. Between workspaces: packages never import
 * services or apps, a service never imports another service (what both need lives in a package), except that the
 * API's server.ts starts the worker's job runtime in-process for the embedded default, and the web app imports only
 * the API's types.
 *
 * Tests are exempt where they must reach up or across, and only there: test files (*.test.ts) and test helpers
 * (*.test-helpers.ts, testing/) may build the whole app (testing/test-app.ts imports app.ts) and start the worker's
 * job runtime, as server.ts does, to run the jobs a request enqueues. Product code never imports a test helper.
 */
const API = '^services/api/src/';
const TEST = '(\\.test\\.ts$|\\.test-helpers\\.ts$|/testing/)';
/** The API's shared building blocks: tRPC procedure builders, REST route helpers, lib/, plugins/, errors, context, config. */
const API_SHARED = `${API}(trpc/|rest/|lib/|plugins/|errors\\.ts$|context\\.ts$|config\\.ts$)`;
/** The top of the API: the composition (app.ts, server.ts, index.ts) and the aggregators of every domain. testing/ sits
 * at the top too, but product code importing it is caught by no-product-code-imports-tests. */
const API_TOP = `${API}(app|server|index|app-router|rest-v1-routes)\\.ts$`;

module.exports = {
  forbidden: [
    {
      name: 'api-shared-imports-no-domain',
      comment:
        'A shared building block (trpc/, rest/, lib/, plugins/, errors, context, config) imports no domain: every domain imports ' +
        'them, so an arrow back makes a cycle. Code a block needs from a domain belongs in the domain (registered from app.ts) ' +
        'or, when it is low-level, in lib/.',
      severity: 'error',
      from: { path: API_SHARED, pathNot: TEST },
      to: { path: `${API}domains/` },
    },
    {
      name: 'api-below-top-imports-no-top',
      comment:
        'Only the top (app.ts, server.ts, index.ts) imports the aggregators (app-router.ts, rest-v1-routes.ts) and app.ts; ' +
        'domains and shared blocks import none of them.',
      severity: 'error',
      from: { path: API, pathNot: [API_TOP, TEST] },
      to: { path: API_TOP },
    },
    {
      name: 'no-product-code-imports-tests',
      comment: 'Test files and helpers (*.test.ts, *.test-helpers.ts, testing/) are imported by tests only.',
      severity: 'error',
      from: { path: '^(services|packages)/', pathNot: TEST },
      to: { path: `^(services|packages)/.*${TEST}` },
    },
    {
      name: 'no-service-imports-another-service',
      comment: 'A service never imports another service: what both need lives in a package (see api-imports-no-other-service).',
      severity: 'error',
      from: { path: '^services/([^/]+)/', pathNot: '^services/api/' },
      to: { path: '^services/', pathNot: '^services/$1/' },
    },
    {
      name: 'api-imports-no-other-service',
      comment:
        'The API imports no other service: what both need lives in a package (file names and storage keys of documents: ' +
        'packages/report). The one exception is the worker package entry (@insp/worker), for its job runtime: see ' +
        'api-imports-worker-only-in-server.',
      severity: 'error',
      from: { path: API },
      to: { path: '^services/', pathNot: ['^services/api/', '^services/worker/src/index\\.ts$'] },
    },
    {
      name: 'api-imports-worker-only-in-server',
      comment:
        'The embedded default runs the job processors in the API process: server.ts, the composition root, starts the ' +
        'worker\'s job runtime. Nothing else in the API imports @insp/worker, except tests, which start the runtime the ' +
        'same way to run the jobs a request enqueues.',
      severity: 'error',
      from: { path: API, pathNot: [`${API}server\\.ts$`, TEST] },
      to: { path: '^services/worker/' },
    },
    {
      name: 'packages-import-no-services-or-apps',
      comment: 'Packages are the shared bottom of the monorepo: they import no service and no app.',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^(services|apps)/' },
    },
    {
      name: 'web-imports-api-types-only',
      comment: 'The web app imports the API\'s AppRouter type from @insp/api and nothing else from any service.',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^services/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'web-imports-api-entry-only',
      comment: 'Types too come through the API package entry (services/api/src/index.ts), never its internals.',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^services/', pathNot: '^services/api/src/index\\.ts$' },
    },
    {
      name: 'no-circular',
      comment:
        'No import cycle anywhere (none today): a cycle is an arrow running back, whatever the layers; between two domains ' +
        'it means what both need belongs in one of them or lower down.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-unresolvable',
      comment:
        'Every import resolves: an import the check cannot follow is an arrow no rule sees, so the rules above would pass ' +
        'without looking.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    // Type-only imports are arrows too (they tie the graph the same way; `import type` from @insp/api is the web app's).
    tsPreCompilationDeps: true,
    // Path and module settings from the root tsconfig that every workspace extends; imports written `./x.js` resolve to x.ts.
    tsConfig: { fileName: 'tsconfig.json' },
    // Workspace packages resolve through their package.json `exports` (./src/index.ts) to their source.
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types'],
    },
    // A run reads every file (about 8 s of CPU); a run with no file changed since the last answers from the cache
    // (about 2 s). 'content' compares file hashes, so the cache cannot hide a changed import; node_modules/.cache.
    cache: { strategy: 'content' },
    progress: { type: 'none' },
  },
};
