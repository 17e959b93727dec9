import { memo, useEffect } from 'react';
import { Button, Caption1, Caption1Strong, Spinner, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ArrowClockwiseRegular, ErrorCircleRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { ChatMessage, MessageBody } from '@ptt/contracts';
import { NS, useAppDispatch, useAppSelector } from '../core';
import { resolveNames, retrySend } from './actions';
import { useChatServices } from './context';
import { formatMessageTime } from './format';
import { MessageContent } from './MessageContent';
import type { PendingMessage } from './slice';
import { isSystemMessage, systemText } from './systemText';
import type { SystemMessage } from './systemText';

const useStyles = makeStyles({
  row: { display: 'flex', padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}` },
  own: { justifyContent: 'flex-end' },
  bubble: {
    maxWidth: '75%',
    display: 'grid',
    gap: tokens.spacingVerticalXXS,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  ownBubble: { backgroundColor: tokens.colorBrandBackground2 },
  meta: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'baseline', color: tokens.colorNeutralForeground3 },
  status: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
  failed: { color: tokens.colorPaletteRedForeground1 },
  system: {
    textAlign: 'center',
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalL}`,
    color: tokens.colorNeutralForeground3,
  },
});

export interface MessageRowProps {
  message?: ChatMessage;
  pending?: PendingMessage;
  own: boolean;
}

function SystemLine({ message }: { message: SystemMessage }) {
  const { t } = useTranslation(NS);
  const styles = useStyles();
  const dispatch = useAppDispatch();
  const { api, me } = useChatServices();
  const names = useAppSelector((s) => s.chat.names);
  const ids = [...message.content.userIds, message.content.byUserId];
  const unknown = ids.filter((id) => names[id] === undefined).join(',');
  useEffect(() => {
    if (unknown === '') return;
    void dispatch(resolveNames(api, unknown.split(',').map(Number), { staff: me.staff, channelId: message.channelId }));
  }, [api, dispatch, me.staff, message.channelId, unknown]);
  return (
    <div className={styles.system}>
      <Caption1>
        {systemText(t, message, names)} · <time dateTime={message.createdAt}>{formatMessageTime(message.createdAt)}</time>
      </Caption1>
    </div>
  );
}

function PendingStatus({ pending }: { pending: PendingMessage }) {
  const { t } = useTranslation(NS);
  const styles = useStyles();
  const dispatch = useAppDispatch();
  const { api } = useChatServices();
  if (pending.state === 'sending') {
    return (
      <div className={styles.status}>
        <Spinner size="extra-tiny" aria-label={t('common:kit.loading')} />
        <Caption1>{t('chat.sending')}</Caption1>
      </div>
    );
  }
  return (
    <div className={mergeClasses(styles.status, styles.failed)} role="alert">
      <ErrorCircleRegular aria-hidden />
      <Caption1>{t(`common:${pending.errorKey ?? 'result.send.failure'}`)}</Caption1>
      <Button size="small" appearance="subtle" icon={<ArrowClockwiseRegular />} onClick={() => void dispatch(retrySend(api, pending))}>
        {t('chat.retry')}
      </Button>
    </div>
  );
}

/** One message: sender, time and body; ours on the right; system messages as a centred line. */
export const MessageRow = memo(function MessageRow({ message, pending, own }: MessageRowProps) {
  const styles = useStyles();
  if (message && isSystemMessage(message)) return <SystemLine message={message} />;
  const from = message?.from ?? pending?.from;
  const createdAt = message?.createdAt ?? pending?.createdAt;
  const body = (message ?? pending?.body) as MessageBody | undefined;
  if (!from || !createdAt || !body) return null;
  return (
    <div className={mergeClasses(styles.row, own && styles.own)}>
      <div className={mergeClasses(styles.bubble, own && styles.ownBubble)}>
        <div className={styles.meta}>
          <Caption1Strong>{from.nickname}</Caption1Strong>
          <Caption1>
            <time dateTime={createdAt}>{formatMessageTime(createdAt)}</time>
          </Caption1>
        </div>
        <MessageContent body={body} own={own} />
        {pending && <PendingStatus pending={pending} />}
      </div>
    </div>
  );
});
