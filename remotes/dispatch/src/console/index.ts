// The console: the layout of the dispatch page (channel and member lists, the panes of the
// other features) and the sync that loads the data behind it.
export { ConsoleLayout } from './ConsoleLayout';
export { ConsoleSync } from './ConsoleSync';
export { ConsoleLink } from './ConsoleLink';
export { ChannelList } from './ChannelList';
export { consoleEn, consoleZh } from './strings';
