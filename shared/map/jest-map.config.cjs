// What a jest config needs to load @ptt/map under jsdom (spread into a package's jest.config.cjs):
// stylesheets become empty modules, and supercluster with its kdbush (ESM only) are compiled to
// CommonJS like our own sources.
const path = require('node:path');

module.exports = {
  moduleNameMapper: { '\\.css$': path.join(__dirname, 'test', 'style-stub.ts') },
  transformIgnorePatterns: ['/node_modules/(?!\\.pnpm/supercluster@|supercluster/|\\.pnpm/kdbush@|kdbush/)'],
};
