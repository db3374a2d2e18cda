// The import-graph check (npm run lint:imports): no import loop anywhere in apps/ and libs/, no
// upward import between the floors ARCHITECTURE.md describes. A rule broken here is a design
// question, not a lint nit: move the shared type or function down to the floor both sides stand on.
const KIT = '^libs/service-kit/src/';
const GATEWAY = '^apps/gateway/src/';
const SPEC = '\\.spec\\.ts$';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import loop, type-only imports included: a loop of types is still a loop for the reader.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import that resolves to nothing: the check would be blind to it.',
      from: { path: '^(apps|libs)/' },
      to: { couldNotResolve: true },
    },
    {
      name: 'apps-not-to-other-apps',
      severity: 'error',
      comment: 'Services talk over the bus only; what two apps share belongs in libs/.',
      from: { path: '^apps/([^/]+)/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
    {
      name: 'libs-not-to-apps',
      severity: 'error',
      comment: 'Libraries are the floor the apps stand on.',
      from: { path: '^libs/' },
      to: { path: '^apps/' },
    },
    {
      name: 'test-helpers-in-specs-only',
      severity: 'error',
      comment:
        "libs/testing and libs/local-stack (embedded PostgreSQL, NATS, the one-process host) are for tests and npm start, never a service's running code.",
      from: { path: '^apps/', pathNot: SPEC },
      to: { path: '^libs/(testing|local-stack)/' },
    },
    {
      name: 'contracts-at-the-bottom',
      severity: 'error',
      comment: 'libs/contracts is the catalogue every side reads; it imports no other workspace package.',
      from: { path: '^libs/contracts/' },
      to: { path: '^(libs|apps)/', pathNot: '^libs/contracts/' },
    },
    {
      name: 'service-kit-on-contracts-only',
      severity: 'error',
      comment: 'The kit stands on the contracts alone (testing and local-stack stand on the kit, not under it).',
      from: { path: KIT, pathNot: SPEC },
      to: { path: '^libs/(testing|local-stack)/' },
    },
    {
      name: 'kit-ground-stands-alone',
      severity: 'error',
      comment: "The kit's ground (scope/: settings and per-service scope; logging/; tracing/) imports nothing else of the kit.",
      from: { path: `${KIT}(scope|logging|tracing)/`, pathNot: SPEC },
      to: { path: KIT, pathNot: `${KIT}(scope|logging|tracing)/` },
    },
    {
      name: 'kit-bootstrap-on-top',
      severity: 'error',
      comment: 'bootstrap/ (run-service, the Nest module, service-entry) is the roof: only the entry files import it.',
      from: { path: KIT, pathNot: [`${KIT}bootstrap/`, `${KIT}(index|edge)\\.ts$`, SPEC] },
      to: { path: `${KIT}bootstrap/` },
    },
    {
      name: 'kit-entries-not-imported-inside',
      severity: 'error',
      comment: "index.ts and edge.ts are what apps import; the kit's own files import the module they need.",
      from: { path: KIT, pathNot: `${KIT}index\\.ts$` },
      to: { path: `${KIT}(index|edge)\\.ts$` },
    },
    {
      name: 'kit-bus-client-and-server-apart',
      severity: 'error',
      comment: 'The bus client (what callers use) and the bus server (what serves operations) share only the wire pieces under them.',
      from: { path: `${KIT}bus/bus-(client|server)\\.ts$` },
      to: { path: `${KIT}bus/bus-(client|server)\\.ts$` },
    },
    {
      name: 'gateway-surfaces-apart',
      severity: 'error',
      comment: 'REST, MCP and the web pages are sibling adapters: what they share lives in call/ (or http/, auth/) below them.',
      from: { path: `${GATEWAY}(rest|mcp|web)/` },
      to: { path: `${GATEWAY}(rest|mcp|web)/`, pathNot: `${GATEWAY}($1|web/kit)/` },
    },
    {
      name: 'gateway-web-kit-below-the-pages',
      severity: 'error',
      comment:
        'web/kit/ (layout, page definition, guard, form action, error pages, mounter) is ground for every page and for auth/ and oauth/: it imports no page, no other surface and no room that renders with it.',
      from: { path: `${GATEWAY}web/kit/`, pathNot: SPEC },
      to: { path: `${GATEWAY}((rest|mcp|oauth|openapi|web)/|auth/auth-routes\\.ts$)`, pathNot: `${GATEWAY}web/kit/` },
    },
    {
      name: 'gateway-rooms-render-with-the-kit-only',
      severity: 'error',
      comment: 'auth/, oauth/ and openapi/ may render with the web kit, never with a page of web/.',
      from: { path: `${GATEWAY}(auth|oauth|openapi)/` },
      to: { path: `${GATEWAY}web/`, pathNot: `${GATEWAY}web/kit/` },
    },
    {
      name: 'gateway-pages-call-through-callAs',
      severity: 'error',
      comment: "A page calls an operation one way: callAs (web/kit/page.ts), which gives the call the web surface and the visitor's client facts.",
      from: { path: `${GATEWAY}web/`, pathNot: [`${GATEWAY}web/kit/`, SPEC] },
      to: { path: `${GATEWAY}call/operation-call\\.ts$` },
    },
    {
      name: 'gateway-web-mounted-from-the-top',
      severity: 'error',
      comment: "web/web-app.ts gathers every area's page definitions and mounts them: no page imports it back.",
      from: { path: `${GATEWAY}web/` },
      to: { path: `${GATEWAY}web/web-app\\.ts$` },
    },
    {
      name: 'gateway-ground-stays-down',
      severity: 'error',
      comment: 'call/, http/, storage/ and meta/ are what the surfaces stand on; they import no surface.',
      from: { path: `${GATEWAY}(call|http|storage|meta)/`, pathNot: SPEC },
      to: { path: `${GATEWAY}(rest|mcp|web|oauth|openapi|auth)/` },
    },
    {
      name: 'gateway-mount-on-top',
      severity: 'error',
      comment: 'gateway.server.ts mounts the rooms and service.ts/main.ts start it: nothing in a room imports them.',
      from: { path: `${GATEWAY}[^/]+/` },
      to: { path: `${GATEWAY}(gateway\\.server|service|main)\\.ts$` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)dist/', '(^|/)node_modules/'] },
    // Type-only imports are part of the graph (see no-circular).
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    // Workspace packages resolve to their src/ (see the file), not to dist/.
    webpackConfig: { fileName: 'tools/depcruise-resolve.mjs' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.d.ts', '.js', '.mjs', '.cjs'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
