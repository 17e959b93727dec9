// Test helpers every feature's tests share: the console's providers, a real store and a fake REST
// client. Tests only; production code never imports this folder.
export { ENT_ID, device, fakeApi, member, refusal, renderConsole, session, startRoutes } from './consoleTest';
export type { FakeApi, Handler, Rendered } from './consoleTest';
