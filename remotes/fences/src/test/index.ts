// Test helpers of the fence pages: the remote with a fake server, and a stand-in for @ptt/map.
export { BASE, channel, detail, fence, queriesOf, refusal, renderFences, user } from './renderFences';
export type { Fixture } from './renderFences';
export { lastLayer, overlayFences, setStubCoord } from './mapStub';
