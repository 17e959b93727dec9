const { createConfig } = require('@ptt/webpack-config');

module.exports = createConfig({ name: 'host', dir: __dirname, isHost: true, port: 3000, title: 'PTT dispatch console' });
