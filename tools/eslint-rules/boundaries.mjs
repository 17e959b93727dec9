// The package direction as a lint rule (issue 16). Each workspace package may import only the
// @ptt packages below it, only through their entry point, never another package's files by a
// relative path, and no remote imports another remote (remotes meet only on the event bus).
import path from 'node:path';

/** Who may import whom: the layers of ARCHITECTURE.md. Anything not listed is refused. */
export const ALLOWED = {
  '@ptt/contracts': [],
  '@ptt/event-bus': ['@ptt/contracts'],
  '@ptt/media': ['@ptt/contracts'],
  '@ptt/ui': ['@ptt/contracts', '@ptt/event-bus'],
  '@ptt/map': ['@ptt/contracts', '@ptt/event-bus', '@ptt/ui'],
  '@ptt/host': ['@ptt/contracts', '@ptt/event-bus', '@ptt/ui', '@ptt/map', '@ptt/media'],
  remote: ['@ptt/contracts', '@ptt/event-bus', '@ptt/ui', '@ptt/map', '@ptt/media'],
  '@ptt/server': ['@ptt/contracts'],
  '@ptt/simulator': ['@ptt/contracts'],
  '@ptt/e2e': ['@ptt/contracts'],
  '@ptt/bench': ['@ptt/contracts', '@ptt/e2e', '@ptt/map'],
};

/**
 * The one exception to entry points, for the benchmarks only: a bench drives the browser with the
 * e2e harness (which has no entry point) and times one part of a package alone (the map's
 * MemberLayer without React), so it imports beneath these prefixes, by package name. Product code
 * never does.
 */
export const DEEP_ALLOWED = {
  '@ptt/bench': ['@ptt/e2e/harness/', '@ptt/e2e/media-tests/support/', '@ptt/map/src/'],
};

/** Tests may also drive a package from the side a client sees it (the server's tests use the bus bridge). */
export const TEST_ALLOWED = {
  '@ptt/server': ['@ptt/event-bus'],
};

const isTestFile = (rel) => /\.test\.[cm]?[jt]sx?$|\/test\//.test(rel);

/** Workspace folders (relative to the root) and their package names. */
export const PACKAGES = [
  ['shared/contracts', '@ptt/contracts'],
  ['shared/event-bus', '@ptt/event-bus'],
  ['shared/media', '@ptt/media'],
  ['shared/ui', '@ptt/ui'],
  ['shared/map', '@ptt/map'],
  ['host', '@ptt/host'],
  ['server', '@ptt/server'],
  ['simulator', '@ptt/simulator'],
  ['e2e', '@ptt/e2e'],
  ['bench', '@ptt/bench'],
];

function packageOf(root, file) {
  const rel = path.relative(root, file).split(path.sep).join('/');
  const remote = /^remotes\/([^/]+)\//.exec(rel);
  if (remote) return { name: `@ptt/remote-${remote[1]}`, kind: 'remote', dir: `remotes/${remote[1]}`, rel };
  for (const [dir, name] of PACKAGES) if (rel === dir || rel.startsWith(`${dir}/`)) return { name, kind: name, dir, rel };
  return null;
}

/**
 * The top folder of a file under a remote's src/ (its feature), or null for files at src/ itself.
 * Features may import each other only through the folder's index.
 */
function featureOf(pkg, rel) {
  const m = new RegExp(`^${pkg.dir}/src/([^/]+)/`).exec(rel);
  return m ? m[1] : null;
}

/** @type {import('eslint').Rule.RuleModule} */
export const boundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Keeps the package direction: layers, entry points only, no remote importing another remote' },
    schema: [
      {
        type: 'object',
        properties: { root: { type: 'string' }, featureRemotes: { type: 'array', items: { type: 'string' } } },
        additionalProperties: false,
      },
    ],
    messages: {
      layer: '{{from}} may not import {{to}}: packages import only the layers below them (ARCHITECTURE.md)',
      remote: 'A remote never imports another remote ({{to}}); remotes meet on the event bus',
      deep: 'Import {{pkg}} through its entry point, not {{source}}',
      relative: 'A relative import may not leave its package ({{source}} reaches into {{dir}}); import the package by name',
      feature: "Feature '{{from}}' reaches into feature '{{to}}' ({{source}}); import it through '{{to}}/index.ts'",
    },
  },
  create(context) {
    const options = context.options[0] ?? {};
    const root = options.root ?? process.cwd();
    const featureRemotes = new Set(options.featureRemotes ?? []);
    const file = context.filename;
    const from = packageOf(root, file);
    if (!from) return {};
    const testFile = isTestFile(from.rel);
    const allowed = new Set([...(ALLOWED[from.kind] ?? []), ...(testFile ? (TEST_ALLOWED[from.name] ?? []) : [])]);
    // Normalised first, so `@ptt/map/src/../../x` cannot pass as a path under src/.
    const deepAllowed = (source) => (DEEP_ALLOWED[from.name] ?? []).some((prefix) => path.posix.normalize(source).startsWith(prefix));

    function check(node, source) {
      if (typeof source !== 'string') return;
      if (source.startsWith('@ptt/')) {
        const [scope, name, ...rest] = source.split('/');
        const pkg = `${scope}/${name}`;
        if (pkg === from.name || pkg === '@ptt/webpack-config') return;
        if (pkg.startsWith('@ptt/remote-') || pkg === '@ptt/host') {
          context.report({ node, messageId: from.kind === 'remote' || from.name === '@ptt/host' ? 'remote' : 'layer', data: { from: from.name, to: pkg } });
          return;
        }
        if (!allowed.has(pkg)) context.report({ node, messageId: 'layer', data: { from: from.name, to: pkg } });
        // A package's test helpers (`@ptt/ui/test/...`) are for tests only, and not part of its entry point.
        else if (rest.length > 0 && !(testFile && rest[0] === 'test') && !deepAllowed(source)) context.report({ node, messageId: 'deep', data: { pkg, source } });
        return;
      }
      if (!source.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), source);
      const to = packageOf(root, target);
      const targetRel = path.relative(root, target).split(path.sep).join('/');
      if (!to || to.dir !== from.dir) {
        context.report({ node, messageId: 'relative', data: { source, dir: to ? to.dir : targetRel } });
        return;
      }
      if (from.kind !== 'remote' || !featureRemotes.has(from.dir.slice('remotes/'.length))) return;
      const a = featureOf(from, from.rel);
      const b = featureOf(to, `${targetRel}/`) ?? null;
      // Into another feature's folder: only its index (the folder itself or .../index). A test
      // may also use the feature's test helpers through their own index (`<feature>/test`), which
      // keeps them out of the feature's index and so out of production bundles.
      if (b && a !== b) {
        const inside = targetRel.slice(`${to.dir}/src/${b}`.length).replace(/^\//, '');
        const entry = testFile && (inside === 'test' || inside.startsWith('test/')) ? inside.slice('test/'.length) : inside;
        if (entry !== '' && entry !== 'index' && entry !== 'index.ts' && entry !== 'index.tsx') {
          context.report({ node, messageId: 'feature', data: { from: a ?? 'src', to: b, source } });
        }
      }
    }

    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

export default { rules: { boundaries } };
