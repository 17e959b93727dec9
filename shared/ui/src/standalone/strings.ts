import { addRemoteStrings } from '../i18n/i18n';

// The standalone shell's own words (the embedded page's waiting state).
export const STANDALONE_NS = 'standalone';

const en = {
  embedWaiting: 'Waiting for the embedding site…',
  embedWaitingHint: 'This page opens once the site it is shown in signs it in.',
};
const zh: typeof en = {
  embedWaiting: '正在等待嵌入网站…',
  embedWaitingHint: '嵌入此页面的网站完成登录后，页面即会打开。',
};

addRemoteStrings(STANDALONE_NS, en, zh);
