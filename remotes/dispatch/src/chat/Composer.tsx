import { useRef, useState } from 'react';
import type { ChangeEvent, FormEvent, KeyboardEvent } from 'react';
import {
  Button,
  Caption1,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  ProgressBar,
  Textarea,
  Toolbar,
  ToolbarButton,
  Tooltip,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { AttachRegular, DismissRegular, ImageRegular, SendRegular, VideoRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { CHAT_TEXT_MAX_LENGTH, MessageType } from '@ptt/contracts';
import { NS, useAppDispatch } from '../core';
import { sendChatMessage } from './actions';
import { AudioRecorder } from './AudioRecorder';
import { useChatServices } from './context';
import { ExpressionPicker } from './ExpressionPicker';
import { LocationPicker } from './LocationPicker';
import type { UserMessageBody } from './slice';
import { useUpload } from './useUpload';

const useStyles = makeStyles({
  form: { display: 'grid', gap: tokens.spacingVerticalXS, padding: tokens.spacingHorizontalS, borderTop: `1px solid ${tokens.colorNeutralStroke2}` },
  bar: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  end: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  hidden: { display: 'none' },
  upload: { display: 'grid', gap: tokens.spacingVerticalXXS },
});

/** What a picked file is sent as. */
type AttachKind = 'image' | 'video' | 'file';
const ATTACH_KINDS: readonly AttachKind[] = ['image', 'video', 'file'];
const ACCEPT: Record<AttachKind, string | undefined> = { image: 'image/*', video: 'video/*', file: undefined };
const TYPE: Record<AttachKind, typeof MessageType.Image | typeof MessageType.Video | typeof MessageType.File> = {
  image: MessageType.Image,
  video: MessageType.Video,
  file: MessageType.File,
};

export interface ComposerProps {
  chatId: string;
  /** Called after a message was handed to the send queue (the list then scrolls to it). */
  onSent?: () => void;
}

/**
 * Text (Enter sends, Shift+Enter starts a new line), attachments, a recorded voice message, an
 * expression or a location. Sending is optimistic: the row shows at once and can be retried.
 */
export function Composer({ chatId, onSent }: ComposerProps) {
  const { t } = useTranslation(NS);
  const styles = useStyles();
  const dispatch = useAppDispatch();
  const { api, me } = useChatServices();
  // One draft per chat, kept while the user looks at another one.
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const draft = drafts[chatId] ?? '';
  const { status, upload, cancel, dismiss } = useUpload();
  const inputs = { image: useRef<HTMLInputElement>(null), video: useRef<HTMLInputElement>(null), file: useRef<HTMLInputElement>(null) };
  const busy = status.kind === 'uploading';

  const send = (body: UserMessageBody) => {
    void dispatch(sendChatMessage(api, chatId, body, { uid: me.uid, nickname: me.nickname }));
    onSent?.();
  };

  const sendText = () => {
    const text = draft.trim();
    if (text === '') return;
    send({ type: MessageType.Text, content: { text } });
    setDrafts((d) => ({ ...d, [chatId]: '' }));
  };

  const sendFile = async (kind: AttachKind | 'audio', file: Blob, name: string, durationMs?: number) => {
    const meta = await upload(file, name);
    if (!meta) return;
    if (kind === 'audio') send({ type: MessageType.Audio, content: { fileId: meta.id, name: meta.name, size: meta.size, durationMs } });
    else send({ type: TYPE[kind], content: { fileId: meta.id, name: meta.name, size: meta.size } });
  };

  const onPicked = (kind: AttachKind) => (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (file) void sendFile(kind, file, file.name);
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    sendText();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      sendText();
    }
  };

  const attach = (kind: AttachKind, icon: JSX.Element) => (
    <Tooltip content={t(`chat.attach.${kind}`)} relationship="label">
      <ToolbarButton icon={icon} disabled={busy} onClick={() => inputs[kind].current?.click()} />
    </Tooltip>
  );

  return (
    <form className={styles.form} onSubmit={onSubmit} aria-label={t('chat.formLabel')}>
      <Textarea
        value={draft}
        onChange={(_e, d) => setDrafts((all) => ({ ...all, [chatId]: d.value }))}
        onKeyDown={onKeyDown}
        maxLength={CHAT_TEXT_MAX_LENGTH}
        placeholder={t('chat.placeholder')}
        aria-label={t('chat.label')}
        aria-description={t('chat.hint')}
        resize="vertical"
      />
      {ATTACH_KINDS.map((kind) => (
        <input key={kind} ref={inputs[kind]} className={styles.hidden} type="file" accept={ACCEPT[kind]} onChange={onPicked(kind)} aria-label={t(`chat.attach.${kind}`)} tabIndex={-1} />
      ))}
      {status.kind === 'uploading' && (
        <div className={styles.upload}>
          <Caption1>{t('chat.uploading', { name: status.name, percent: Math.round(status.fraction * 100) })}</Caption1>
          <ProgressBar value={status.fraction} aria-label={t('chat.uploadProgress')} />
        </div>
      )}
      {status.kind === 'failed' && (
        <MessageBar intent="error">
          <MessageBarBody>{t(`common:${status.key}`)}</MessageBarBody>
          <MessageBarActions containerAction={<Button appearance="transparent" icon={<DismissRegular />} aria-label={t('chat.close')} onClick={dismiss} />} />
        </MessageBar>
      )}
      <div className={styles.bar}>
        <Toolbar aria-label={t('chat.toolbar')} size="small">
          {attach('image', <ImageRegular />)}
          {attach('video', <VideoRegular />)}
          {attach('file', <AttachRegular />)}
          <AudioRecorder disabled={busy} onRecorded={(blob, ms) => void sendFile('audio', blob, `voice-${Date.now()}.webm`, ms)} />
          <ExpressionPicker disabled={busy} onPick={(code) => send({ type: MessageType.Expression, content: { code } })} />
          <LocationPicker disabled={busy} onPick={(p) => send({ type: MessageType.Location, content: { lng: p.lng, lat: p.lat, coord: 0 } })} />
        </Toolbar>
        <div className={styles.end}>
          {busy && (
            <Button size="small" appearance="subtle" onClick={cancel}>
              {t('chat.cancelUpload')}
            </Button>
          )}
          {draft.length > CHAT_TEXT_MAX_LENGTH * 0.9 && <Caption1>{`${draft.length}/${CHAT_TEXT_MAX_LENGTH}`}</Caption1>}
          <Button type="submit" appearance="primary" icon={<SendRegular />} disabled={draft.trim() === ''}>
            {t('chat.send')}
          </Button>
        </div>
      </div>
    </form>
  );
}
