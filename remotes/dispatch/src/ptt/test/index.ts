// PTT test helpers other features' tests share (tests only).
export { FakeRoom, fakeMedia } from './fakeMedia';
export { MEDIA, floor, frame } from './pttTest';
