/** Defined by the webpack config from PTT_BUILD_TAG (default 'dev'). */
declare const __PTT_BUILD_TAG__: string;
