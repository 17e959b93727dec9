/** Defined by the webpack config from PTT_BUILD_TAG (default 'dev'). */
declare const __PTT_BUILD_TAG__: string;
/** webpack's runtime public path ('auto': the folder remoteEntry.js / main.js was loaded from). */
declare let __webpack_public_path__: string;
