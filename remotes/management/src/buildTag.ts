// DefinePlugin replaces the name in builds; tests and type checks see the fallback.
export const BUILD_TAG: string = typeof __PTT_BUILD_TAG__ === 'string' ? __PTT_BUILD_TAG__ : 'dev';
