// The one webpack + module federation config factory for the host and every remote.
const fs = require('node:fs');
const path = require('node:path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const ForkTsCheckerWebpackPlugin = require('fork-ts-checker-webpack-plugin');
const TerserPlugin = require('terser-webpack-plugin');


/** Third-party singletons every part of the console must load once. */
const SHARED_LIBS = [
  'react',
  'react-dom',
  'react-router',
  'react-router-dom',
  'rxjs',
  'redux',
  'react-redux',
  '@reduxjs/toolkit',
  'i18next',
  'react-i18next',
  '@fluentui/react-components',
];
/**
 * The map's libraries, shared only by apps that have them (their own dependency, or through
 * `@ptt/map`): an app without them has no copy to offer, and resolving them there would fail.
 * One Leaflet matters beyond size: leaflet-geoman patches the Leaflet it finds, and two copies on a
 * page means a map made with one lacks the other's drawing tools.
 */
const MAP_LIBS = ['leaflet', '@geoman-io/leaflet-geoman-free'];
/** Deep entry points shared with the version of their package. */
const SHARED_SUBPATHS = { 'react/jsx-runtime': 'react', 'react-dom/client': 'react-dom' };
/** Workspace packages: their package.json holds `workspace:*`, so the share config needs a real semver. */
const WORKSPACE_PACKAGES = ['@ptt/contracts', '@ptt/event-bus', '@ptt/ui'];
/** Workspace packages shared only by the apps that depend on them (the others do not bundle them). */
const OPTIONAL_WORKSPACE_PACKAGES = ['@ptt/map'];

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** Installed version of a package as seen from `dir` (react-router only through react-router-dom). */
function installedVersion(name, dir) {
  const tryFrom = (paths) => {
    try {
      return readJson(require.resolve(`${name}/package.json`, { paths })).version;
    } catch {
      return undefined;
    }
  };
  const direct = tryFrom([dir]);
  if (direct) return direct;
  const dom = require.resolve('react-router-dom/package.json', { paths: [dir] });
  const viaDom = tryFrom([path.dirname(dom)]);
  if (viaDom) return viaDom;
  throw new Error(`${name} is not installed for ${dir}`);
}

/**
 * The package.json of `name` as installed for `dir`, or undefined. Packages whose `exports` leave
 * out package.json (leaflet-geoman) are found from their entry point upwards.
 */
function installedPackageJson(name, dir) {
  try {
    return readJson(require.resolve(`${name}/package.json`, { paths: [dir] }));
  } catch {
    // not exported, or not installed: try the entry point
  }
  let entry;
  try {
    entry = require.resolve(name, { paths: [dir] });
  } catch {
    return undefined;
  }
  for (let at = path.dirname(entry); at !== path.dirname(at); at = path.dirname(at)) {
    const file = path.join(at, 'package.json');
    if (fs.existsSync(file) && readJson(file).name === name) return readJson(file);
  }
  return undefined;
}

/** Version of `name` as installed for the first of `dirs` that has it; undefined when none does. */
function optionalVersion(name, dirs) {
  for (const dir of dirs) {
    const pkg = installedPackageJson(name, dir);
    if (pkg) return pkg.version;
  }
  return undefined;
}

/** The app's own directory, then those of the workspace packages it depends on (pnpm links them). */
function lookupDirs(dir, deps) {
  const dirs = [dir];
  for (const [name, spec] of Object.entries(deps)) {
    if (!String(spec).startsWith('workspace:')) continue;
    dirs.push(path.dirname(require.resolve(`${name}/package.json`, { paths: [dir] })));
  }
  return dirs;
}

function workspaceShare(name, dir) {
  const { version } = readJson(require.resolve(`${name}/package.json`, { paths: [dir] }));
  return { singleton: true, version, requiredVersion: `^${version}` };
}

function sharedConfig(dir) {
  const pkg = readJson(path.join(dir, 'package.json'));
  const deps = { ...pkg.dependencies, ...pkg.devDependencies };
  const shared = {};
  for (const name of SHARED_LIBS) {
    const version = installedVersion(name, dir);
    const declared = deps[name];
    const requiredVersion = declared && !declared.startsWith('workspace:') ? declared : `^${version}`;
    shared[name] = { singleton: true, requiredVersion, version };
  }
  for (const [request, owner] of Object.entries(SHARED_SUBPATHS)) {
    shared[request] = { ...shared[owner], import: request };
  }
  for (const name of WORKSPACE_PACKAGES) shared[name] = workspaceShare(name, dir);
  for (const name of OPTIONAL_WORKSPACE_PACKAGES) {
    if (deps[name]) shared[name] = workspaceShare(name, dir);
  }
  const dirs = lookupDirs(dir, deps);
  for (const name of MAP_LIBS) {
    const version = optionalVersion(name, dirs);
    if (!version) continue;
    const declared = deps[name];
    shared[name] = { singleton: true, version, requiredVersion: declared || `^${version}` };
  }
  return shared;
}

function swcRule(isDev) {
  return {
    test: /\.[cm]?tsx?$/,
    // Our own sources and the workspace packages: pnpm links those, and webpack resolves the links
    // to their real place under /work/main/shared, so "not in node_modules" covers both.
    exclude: /[\\/]node_modules[\\/]/,
    use: {
      loader: require.resolve('swc-loader'),
      options: {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic', development: isDev, refresh: false } },
          target: 'es2020',
        },
      },
    },
  };
}

/**
 * ts-loader with full type checking: kept only so bench/loaders.bench.mjs can measure it beside
 * swc (ADR 017); `PTT_TS_LOADER=ts` selects it.
 */
function tsLoaderRule(dir) {
  return {
    test: /\.[cm]?tsx?$/,
    exclude: /[\\/]node_modules[\\/]/,
    use: {
      loader: require.resolve('ts-loader'),
      // The tsconfigs are for checking (noEmit); the loader has to emit what webpack bundles.
      options: { configFile: path.join(dir, 'tsconfig.json'), transpileOnly: false, compilerOptions: { noEmit: false, sourceMap: true } },
    },
  };
}

/**
 * swc strips types without reading them, so the types are checked beside it in a second process
 * (ADR 017); a type error fails a production build. `PTT_BUILD_TYPECHECK=0` leaves it out where
 * the same tsconfig was just checked (npm test's typecheck step).
 */
function typeChecker(dir, isDev) {
  return new ForkTsCheckerWebpackPlugin({
    async: isDev,
    typescript: { configFile: path.join(dir, 'tsconfig.json'), mode: 'readonly' },
  });
}

function minifier() {
  return process.env.PTT_MINIFY === 'terser'
    ? new TerserPlugin()
    : new TerserPlugin({ minify: TerserPlugin.swcMinify, terserOptions: { compress: true, mangle: true } });
}

/**
 * @param {{ name: string, dir: string, isHost?: boolean, port: number,
 *           exposes?: Record<string, string>, title?: string }} options
 */
function createConfig({ name, dir, isHost = false, port, exposes, title }) {
  return (_env, argv = {}) => {
    const isDev = argv.mode === 'development';
    // A production build shows no tag unless one is given (a deployment's label); 'dev' otherwise.
    const buildTag = process.env.PTT_BUILD_TAG || (isDev ? 'dev' : '');
    const tsLoader = process.env.PTT_TS_LOADER === 'ts';
    const checkTypes = !tsLoader && process.env.PTT_BUILD_TYPECHECK !== '0';
    return {
      mode: isDev ? 'development' : 'production',
      context: dir,
      entry: { main: './src/index.ts' },
      devtool: isDev ? 'eval-cheap-module-source-map' : 'source-map',
      output: {
        path: path.join(dir, 'dist'),
        publicPath: isHost ? '/' : 'auto',
        filename: isDev ? '[name].js' : '[name].[contenthash:8].js',
        chunkFilename: isDev ? '[name].js' : '[name].[contenthash:8].js',
        // Several federated builds share one page: give each its own chunk-loading global.
        uniqueName: `ptt_${name}`,
        clean: true,
      },
      resolve: {
        extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      },
      module: {
        rules: [tsLoader ? tsLoaderRule(dir) : swcRule(isDev), { test: /\.css$/, use: [require.resolve('style-loader'), require.resolve('css-loader')] }],
      },
      plugins: [
        ...(checkTypes ? [typeChecker(dir, isDev)] : []),
        new webpack.DefinePlugin({ __PTT_BUILD_TAG__: JSON.stringify(buildTag) }),
        // The favicon is emitted next to index.html and linked from it, so no page asks for a missing /favicon.ico.
        new HtmlWebpackPlugin({ title: title || `PTT ${name}`, templateContent: htmlTemplate, chunks: ['main'], favicon: path.join(__dirname, 'assets', 'favicon.svg') }),
        new ModuleFederationPlugin({
          name,
          ...(isHost
            ? { remotes: {} }
            : {
                filename: 'remoteEntry.js',
                exposes: exposes || { './App': './src/App.tsx' },
                // remoteEntry.js declares a global; a bare name like `screen` would collide with
                // window.screen, so the global is prefixed (the manifest's globalName follows).
                library: { type: 'var', name: `ptt_remote_${name}` },
              }),
          manifest: true,
          dts: false,
          shareStrategy: 'loaded-first',
          shared: sharedConfig(dir),
        }),
      ],
      // SWC's minifier instead of Terser (webpack's default): the dispatch remote's production
      // build took 31 s of CPU instead of 81 s, for 0.6 % more gzipped script (959 KB against
      // 953 KB). PTT_MINIFY=terser brings Terser back to compare.
      optimization: { minimizer: [minifier()] },
      performance: { hints: false },
      devServer: {
        port,
        host: '127.0.0.1',
        historyApiFallback: true,
        hot: false,
        headers: {
          'Access-Control-Allow-Origin': '*',
          'Access-Control-Allow-Methods': 'GET, OPTIONS',
          'Access-Control-Allow-Headers': '*',
        },
      },
    };
  };
}

function htmlTemplate({ htmlWebpackPlugin }) {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${htmlWebpackPlugin.options.title}</title>
    <style>html, body { margin: 0; }</style>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;
}

module.exports = { createConfig, sharedConfig };
