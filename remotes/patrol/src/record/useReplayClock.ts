import { useCallback, useEffect, useRef, useState } from 'react';
import { REPLAY_SPEED_DEFAULT, type ReplaySpeed } from './replay';

/**
 * The replay's time between `start` and `end` (ms since the epoch): play moves it with the page's
 * clock times the speed, once per animation frame, and stops at the end; seek jumps.
 */
export function useReplayClock(start: number, end: number) {
  const [time, setTime] = useState(start);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<ReplaySpeed>(REPLAY_SPEED_DEFAULT);
  const timeRef = useRef(time);
  timeRef.current = time;

  useEffect(() => {
    setTime(start);
    setPlaying(false);
  }, [start, end]);

  useEffect(() => {
    if (!playing) return undefined;
    let frame = 0;
    let last = performance.now();
    const tick = () => {
      const now = performance.now();
      const next = Math.min(end, timeRef.current + (now - last) * speed);
      last = now;
      setTime(next);
      if (next >= end) setPlaying(false);
      else frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [playing, speed, end]);

  const toggle = useCallback(() => {
    setPlaying((p) => {
      // From the end, play starts over.
      if (!p && timeRef.current >= end) setTime(start);
      return !p;
    });
  }, [start, end]);
  const seek = useCallback((t: number) => setTime(Math.min(Math.max(t, start), end)), [start, end]);
  return { time, playing, speed, setSpeed, toggle, seek };
}
