const { createConfig } = require('@ptt/webpack-config');

module.exports = createConfig({ name: 'dispatch', dir: __dirname, port: 3001, title: 'PTT Dispatch' });
