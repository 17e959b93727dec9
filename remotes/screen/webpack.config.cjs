const { createConfig } = require('@ptt/webpack-config');

module.exports = createConfig({ name: 'screen', dir: __dirname, port: 3006, title: 'PTT Large screen' });
