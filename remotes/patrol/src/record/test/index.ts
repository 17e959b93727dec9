export { BASE, elapse, location, page, queriesOf, renderPart, renderPatrol, searchNow } from './renderPatrol';
export type { PatrolFixture } from './renderPatrol';
export { checkin, dashboard, run, runDetail } from './fixtures';
