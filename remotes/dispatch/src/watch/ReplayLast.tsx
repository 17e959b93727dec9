import { useEffect, useRef, useState } from 'react';
import { Button, Caption1, makeStyles, tokens } from '@fluentui/react-components';
import { HistoryRegular, PreviousRegular, StopRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { MessageType, chatId as channelChatId } from '@ptt/contracts';
import type { ChatMessage } from '@ptt/contracts';
import type { RoomConnection } from '@ptt/media';
import { formatMessageTime } from '../chat';
import { NS, useConsole } from '../core';
import { fetchRecent } from '../ptt';

type Burst = Extract<ChatMessage, { type: typeof MessageType.Ptt }>;

/** Where the replay is: `index` into `bursts` (newest first) is the one playing or last played. */
type View =
  | { state: 'idle'; bursts: Burst[]; index: number }
  | { state: 'loading' | 'playing'; bursts: Burst[]; index: number }
  | { state: 'none' | 'failed' };

const START: View = { state: 'idle', bursts: [], index: -1 };

const useStyles = makeStyles({
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  status: { color: tokens.colorNeutralForeground2 },
});

export interface ReplayLastProps {
  channelId: number;
  name: string;
  /** The room the channel plays in: the clip joins its output, beside the live audio. */
  room: RoomConnection | null;
  /** Hears whether a clip is being fetched or played (the tile's meter reads the room meanwhile). */
  onPlaying?: (playing: boolean) => void;
}

/**
 * Instant replay on a watched tile (issue 19): one click plays the channel's last recorded
 * transmission into the channel's own room, so the live audio goes on and the tile's volume,
 * mute, side and level apply to the replay too. "Earlier" goes one transmission further back.
 * The list is read again on every "Replay last", so the newest burst is always the one played.
 */
export function ReplayLast({ channelId, name, room, onPlaying }: ReplayLastProps) {
  const { t } = useTranslation(NS);
  const styles = useStyles();
  const { api, session } = useConsole();
  const [view, setView] = useState<View>(START);
  /** Bumped by every start and stop: an answer that arrives after either is dropped. */
  const run = useRef(0);

  // A room that goes (channel no longer watched, selection moved) takes its replay with it.
  useEffect(() => () => void (run.current += 1), [room]);

  const play = async (bursts: Burst[], index: number, mine: number) => {
    const burst = bursts[index];
    if (!burst || !room) return;
    setView({ state: 'loading', bursts, index });
    try {
      const { blob } = await api.download(`/api/files/${encodeURIComponent(burst.content.fileId)}`);
      const clip = await blob.arrayBuffer();
      if (mine !== run.current) return;
      setView({ state: 'playing', bursts, index });
      await room.replay(clip);
      if (mine === run.current) setView({ state: 'idle', bursts, index });
    } catch {
      if (mine === run.current) setView({ state: 'failed' });
    }
  };

  const start = async (index: number, bursts?: Burst[]) => {
    const mine = (run.current += 1);
    room?.stopReplay();
    if (bursts) return play(bursts, index, mine);
    if (!session) return;
    setView({ state: 'loading', bursts: [], index: 0 });
    try {
      const recent = await fetchRecent(api, channelChatId(session.ent.id, channelId));
      if (mine !== run.current) return;
      const list = recent.filter((m): m is Burst => m.type === MessageType.Ptt);
      if (list.length === 0) return setView({ state: 'none' });
      await play(list, 0, mine);
    } catch {
      if (mine === run.current) setView({ state: 'failed' });
    }
  };

  const stop = () => {
    run.current += 1;
    room?.stopReplay();
    setView((v) => ('bursts' in v ? { state: 'idle', bursts: v.bursts, index: v.index } : START));
  };

  const busy = view.state === 'loading' || view.state === 'playing';
  useEffect(() => onPlaying?.(busy), [busy, onPlaying]);
  const current = 'bursts' in view ? view.bursts[view.index] : undefined;
  const earlier = 'bursts' in view && view.index + 1 < view.bursts.length ? view.index + 1 : null;

  return (
    <div className={styles.row} data-testid="watch-replay" data-replaying={busy}>
      {busy ? (
        <Button size="small" icon={<StopRegular />} aria-label={t('watch.replay.stopOn', { name })} onClick={stop}>
          {t('watch.replay.stop')}
        </Button>
      ) : (
        <Button size="small" icon={<HistoryRegular />} disabled={!room} aria-label={t('watch.replay.lastOn', { name })} onClick={() => void start(0)}>
          {t('watch.replay.last')}
        </Button>
      )}
      {earlier !== null && 'bursts' in view && (
        <Button size="small" appearance="subtle" icon={<PreviousRegular />} aria-label={t('watch.replay.earlierOn', { name })} onClick={() => void start(earlier, view.bursts)}>
          {t('watch.replay.earlier')}
        </Button>
      )}
      <Caption1 className={styles.status} role="status">
        {busy && (current ? t('watch.replay.playing', { name: current.from.nickname, time: formatMessageTime(current.createdAt) }) : t('watch.replay.loading'))}
        {view.state === 'none' && t('watch.replay.none')}
        {view.state === 'failed' && t('watch.replay.failed')}
      </Caption1>
    </div>
  );
}
