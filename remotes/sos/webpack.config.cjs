const { createConfig } = require('@ptt/webpack-config');

module.exports = createConfig({ name: 'sos', dir: __dirname, port: 3007, title: 'PTT SOS management' });
