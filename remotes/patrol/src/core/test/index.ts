// Test helpers of the patrol sections: the remote with a fake server, data, and a stand-in for @ptt/map.
export { BASE, afterInvalidation, location, page, queriesOf, refusal, renderPatrol } from './renderPatrol';
export type { Fixture } from './renderPatrol';
export { channel, member, node, task, taskDetail, user } from './fixtures';
export { clickMap, fakeMap } from './mapStub';
