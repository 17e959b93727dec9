import * as core from './core';
import * as editor from './editor';
import * as list from './list';

export { NS } from './core';

// One namespace, one part per feature: each feature owns its strings file.
export const en = { core: core.en, list: list.en, editor: editor.en };
export const zh: typeof en = { core: core.zh, list: list.zh, editor: editor.zh };
