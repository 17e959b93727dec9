import { Badge, Button, Caption1, Spinner, Subtitle2, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { MicRegular, PeopleTeamRegular, PersonRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { NS, listStale, openEntry, selectChannel, selectChatEntries, unreadText, useAppDispatch, useAppSelector, useCan } from '../core';
import { messagePreview } from './format';
import { srOnly } from './styles';
import type { ChatEntry } from '../core';
import { JoinChannels } from './JoinChannels';

const useStyles = makeStyles({
  pane: { display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 },
  heading: { padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`, margin: 0 },
  list: { listStyle: 'none', margin: 0, padding: 0, overflowY: 'auto', flexGrow: 1, minHeight: 0 },
  row: {
    display: 'grid',
    gridTemplateColumns: 'auto 1fr auto',
    columnGap: tokens.spacingHorizontalS,
    width: '100%',
    textAlign: 'start',
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`,
    border: 'none',
    borderRadius: 0,
    backgroundColor: 'transparent',
    color: tokens.colorNeutralForeground1,
    cursor: 'pointer',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' },
  },
  open: { backgroundColor: tokens.colorNeutralBackground1Selected },
  icon: { gridRow: '1 / span 2', alignSelf: 'center', fontSize: '20px' },
  title: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', fontWeight: tokens.fontWeightSemibold },
  line: { display: 'flex', gap: tokens.spacingHorizontalXS, alignItems: 'center', minWidth: 0, gridColumn: '2 / span 2' },
  preview: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', color: tokens.colorNeutralForeground2 },
  talking: { color: tokens.colorPaletteGreenForeground1, whiteSpace: 'nowrap' },
  note: { padding: tokens.spacingHorizontalM },
  srOnly: srOnly,
});

function ChannelRow({ entry, open, enabled }: { entry: ChatEntry; open: boolean; enabled: boolean }) {
  const { t } = useTranslation(NS);
  const styles = useStyles();
  const dispatch = useAppDispatch();
  const group = entry.kind === 'group';
  const select = () => {
    if (group) dispatch(selectChannel(entry.channelId));
    dispatch(openEntry(entry));
  };
  const last = entry.lastMessage;
  return (
    <li>
      <button type="button" className={mergeClasses(styles.row, open && styles.open)} aria-current={open ? 'true' : undefined} onClick={select}>
        <span className={styles.icon} aria-hidden>
          {group ? <PeopleTeamRegular /> : <PersonRegular />}
        </span>
        <Text className={styles.title}>{entry.title}</Text>
        {entry.unread > 0 ? (
          <span>
            <Badge color="danger" size="small" aria-hidden>
              {unreadText(entry.unread)}
            </Badge>
            <span className={styles.srOnly}>{t('console.channels.unread', { n: unreadText(entry.unread) })}</span>
          </span>
        ) : (
          <span />
        )}
        <span className={styles.line}>
          {!group && <Badge appearance="outline" size="small">{t('console.channels.personal')}</Badge>}
          {group && !enabled && (
            <Badge appearance="tint" color="warning" size="small">
              {t('console.channels.suspended')}
            </Badge>
          )}
          {entry.talking && (
            <Caption1 className={styles.talking}>
              <MicRegular aria-hidden /> {t('console.channels.talking', { name: entry.talking.nickname })}
            </Caption1>
          )}
          <Caption1 className={styles.preview}>{last ? messagePreview(last, t, group, entry.peerId) : t('console.channels.noMessages')}</Caption1>
        </span>
      </button>
    </li>
  );
}

/** The user's group and personal chats, most recent first, with state and unread counts. */
export function ChannelList() {
  const { t } = useTranslation(NS);
  const styles = useStyles();
  const dispatch = useAppDispatch();
  const entries = useAppSelector(selectChatEntries);
  const status = useAppSelector((s) => s.chatList.status);
  const enabled = useAppSelector((s) => s.chatList.channelEnabled);
  const openId = useAppSelector((s) => s.console.openChat?.chatId ?? null);
  const canJoin = useCan('channel.members.manage');
  const inNoChannel = status === 'ready' && !entries.some((e) => e.channelId !== null);

  return (
    <section className={styles.pane} aria-labelledby="dispatch-channels-title">
      <Subtitle2 as="h2" block id="dispatch-channels-title" className={styles.heading}>
        {t('console.channels.title')}
      </Subtitle2>
      {(status === 'idle' || status === 'loading') && <Spinner size="tiny" label={t('console.channels.loading')} className={styles.note} />}
      {status === 'failed' && (
        <div className={styles.note} role="alert">
          <Text>{t('console.channels.failed')}</Text>{' '}
          <Button size="small" onClick={() => dispatch(listStale())}>
            {t('console.channels.retry')}
          </Button>
        </div>
      )}
      {status === 'ready' && entries.length === 0 && !canJoin && <Text className={styles.note}>{t('console.channels.empty')}</Text>}
      {inNoChannel && canJoin && <JoinChannels />}
      <ul className={styles.list} aria-labelledby="dispatch-channels-title">
        {entries.map((entry) => (
          <ChannelRow
            key={entry.chatId}
            entry={entry}
            open={entry.chatId === openId}
            enabled={entry.channelId === null || enabled[entry.channelId] !== false}
          />
        ))}
      </ul>
    </section>
  );
}
