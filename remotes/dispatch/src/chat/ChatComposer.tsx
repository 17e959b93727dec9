import { useState } from 'react';
import type { FormEvent, KeyboardEvent } from 'react';
import { Button, Field, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { SendRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { CHAT_TEXT_MAX_LENGTH } from '@ptt/contracts';
import type { ApiClient, EventBus } from '@ptt/event-bus';
import { isApiError } from '@ptt/event-bus';
import { sendText } from '../api';
import { NS } from '../strings';

const useStyles = makeStyles({
  form: { display: 'grid', gap: tokens.spacingVerticalS, maxWidth: '640px' },
  actions: { display: 'flex', justifyContent: 'flex-end' },
});

export interface ChatComposerProps {
  api: ApiClient;
  bus: EventBus;
  /** Where the text goes; null while it is not known yet (the composer is then disabled). */
  chatId: string | null;
}

let sequence = 0;
/** One id per message, so a retried send is stored once (the server dedupes by clientMsgId). */
function newClientMsgId(): string {
  sequence += 1;
  return `web-${Date.now().toString(36)}-${sequence}`;
}

/**
 * A text box and Send for one chat. The draft lives in this component's state, which the host
 * keeps while the user is on another page (spec: /main/dispatch keeps its state).
 */
export function ChatComposer({ api, bus, chatId }: ChatComposerProps) {
  const { t } = useTranslation(NS);
  const styles = useStyles();
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const text = draft.trim();
  const canSend = chatId !== null && text.length > 0 && !sending;

  const send = async () => {
    if (!canSend) return;
    setSending(true);
    try {
      await sendText(api, chatId, text, newClientMsgId());
      setDraft('');
      bus.publish('notify', { intent: 'success', key: 'result.send.success' });
    } catch (e) {
      // The code's own text ('sending too fast', 'channel suspended', ...) says more than "failed".
      bus.publish('notify', { intent: 'error', key: isApiError(e) ? e.i18nKey : 'result.send.failure' });
    } finally {
      setSending(false);
    }
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void send();
  };
  // Enter sends, Shift+Enter starts a new line, as in most chat tools.
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void send();
    }
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} aria-label={t('chat.formLabel')}>
      <Field label={t('chat.label')} hint={t('chat.hint')}>
        <Textarea
          value={draft}
          onChange={(_e, d) => setDraft(d.value)}
          onKeyDown={onKeyDown}
          maxLength={CHAT_TEXT_MAX_LENGTH}
          placeholder={t('chat.placeholder')}
          resize="vertical"
        />
      </Field>
      <div className={styles.actions}>
        <Button type="submit" appearance="primary" icon={<SendRegular />} disabled={!canSend}>
          {t('chat.send')}
        </Button>
      </div>
    </form>
  );
}
