// PTT test helpers other features' tests share (tests only).
export { fakeMedia } from './fakeMedia';
export { MEDIA, floor, frame } from './pttTest';
