#!/usr/bin/env node
// Runs webpack-cli from this package so every build uses the one webpack instance the config's
// plugins were installed with (pnpm gives the host a second copy through a peer of federation).
require('webpack-cli/bin/cli.js');
