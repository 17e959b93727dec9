export { ChannelsPage } from './ChannelsPage';
export { en, zh } from './strings';
