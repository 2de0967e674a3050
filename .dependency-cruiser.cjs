// The web app's layers, checked by dependency-cruiser (`npm run lint`, and the lint stage of
// `npm test`). Top to bottom:
//
//   main.tsx → app/ → features/<name>/ → export/, charts/ → worker/ → scenario/ → engine/ → generated/
//                                        ui/ (shared widgets) and format/ (numbers as text)
//
// engine/ is the engine on the page's thread (its wasm, loaded once): every rule the page asks.
//
// Each folder may import only the folders its `may` list names (and itself); so nothing below
// reaches up, and features never import one another: what two features share lives in a layer
// under them (as Perfetto's plugins depend on a small public API, never on each other). `app/`
// is the one place that composes the features. Tests are not checked: they may import anything.

/** Each layer: where it lives and what else in web/ it may import. */
const LAYERS = [
  { name: 'main', path: '^web/main\\.tsx$', may: ['app', 'engine', 'styles'] },
  {
    name: 'app',
    path: '^web/app/',
    may: ['features', 'export', 'charts', 'worker', 'scenario', 'engine', 'ui', 'format', 'generated'],
  },
  // A feature may import its own folder ($1) and the shared layers, never another feature.
  {
    name: 'features',
    path: '^web/features/([^/]+)/',
    own: '^web/features/$1/',
    may: ['export', 'charts', 'worker', 'scenario', 'engine', 'ui', 'format', 'generated'],
  },
  // Saving reports, figures and files; and the charts (d3 computes, React renders). Siblings:
  // neither imports the other.
  { name: 'export', path: '^web/export/', may: ['worker', 'scenario', 'engine', 'ui', 'format', 'generated'] },
  { name: 'charts', path: '^web/charts/', may: ['worker', 'scenario', 'engine', 'ui', 'format', 'generated'] },
  // The engine's workers, their client and protocol; the wasm bindings are built into wasm-pkg/.
  { name: 'worker', path: '^web/worker/', may: ['scenario', 'engine', 'format', 'generated', 'wasm-pkg'] },
  // The scenario's domain, as the engine answers for it: its document, topology, links,
  // defaults, policies and design space.
  { name: 'scenario', path: '^web/scenario/', may: ['engine', 'format', 'generated'] },
  // The engine on the page's thread: the wasm bindings and their types, nothing else of ours.
  { name: 'engine', path: '^web/engine/', may: ['generated', 'wasm-pkg'] },
  // Widgets any feature can use: plain React over format/, knowing no scenario.
  { name: 'ui', path: '^web/ui/', may: ['format'] },
  { name: 'format', path: '^web/format/', may: [] },
  // Generated from the engine's Rust types: imports nothing of ours.
  { name: 'generated', path: '^web/generated/', may: [] },
];

/** Where each name lives, as a path pattern. */
const WHERE = {
  ...Object.fromEntries(LAYERS.map((l) => [l.name, l.name === 'features' ? '^web/features/' : l.path])),
  styles: '^web/styles\\.css$',
  'wasm-pkg': '(^|/)wasm-pkg/',
};

const layerRules = LAYERS.map((layer) => ({
  name: `${layer.name}-imports-only-below`,
  severity: 'error',
  comment:
    `web/${layer.name === 'main' ? 'main.tsx' : `${layer.name}/`} may import ` +
    (layer.may.length ? layer.may.join(', ') : 'nothing else of web/') +
    (layer.own ? ' and its own feature folder, never another feature' : ''),
  from: { path: layer.path },
  to: {
    path: '^web/',
    pathNot: [layer.own ?? layer.path, ...layer.may.map((name) => WHERE[name])],
  },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A module that imports itself through others: move what both need into its own module.',
      from: { path: '^web/' },
      to: { circular: true },
    },
    ...layerRules,
    {
      name: 'no-unknown-web-folder',
      severity: 'error',
      comment: 'Every module of web/ sits in a layer above: a new folder is given its place here first.',
      from: { path: '^web/', pathNot: LAYERS.map((l) => l.path) },
      to: {},
    },
    {
      name: 'not-to-tests',
      severity: 'error',
      comment: 'The app never imports test code.',
      from: { path: '^web/' },
      to: { path: '^tests/' },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import that resolves to no file (a moved module). wasm-pkg/ exists once the engine is built.',
      from: { path: '^web/' },
      to: { couldNotResolve: true, pathNot: WHERE['wasm-pkg'] },
    },
    {
      name: 'not-to-dev-dep',
      severity: 'error',
      comment:
        "The app's bundle takes only runtime dependencies: a devDependency belongs in package.json's dependencies.",
      from: { path: '^web/' },
      to: { dependencyTypes: ['npm-dev'], dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // The engine's bindings, built into wasm-pkg/ by wasm-bindgen: not ours to check.
    exclude: { path: '^web/wasm-pkg/' },
    // Type-only imports count: a layer that names an upper layer's types depends on it too.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
