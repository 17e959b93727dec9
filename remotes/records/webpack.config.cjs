const { createConfig } = require('@ptt/webpack-config');

module.exports = createConfig({ name: 'records', dir: __dirname, port: 3004, title: 'PTT Records' });
