import { useId, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { Button, Field, Input, MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { KeyboardRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { keyLabel } from '../keyLabel';
import { checkPtt } from '../pttForm';
import type { PttDraft } from '../pttForm';
import { useSettings } from '../settingsStore';
import { NS } from '../strings';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  key: { minWidth: '10em', fontFamily: tokens.fontFamilyMonospace },
});

export interface PttSectionProps {
  draft: PttDraft;
  onDraft: (draft: PttDraft) => void;
}

/**
 * The PTT key, captured from one key press after the button is chosen (so Tab and Esc still move
 * focus and close the dialog the rest of the time), the press time and the maximum talk time.
 * Each field shows its spec section 5 message at once; Save stays disabled until all are valid.
 */
export function PttSection({ draft, onDraft }: PttSectionProps) {
  const { t } = useTranslation(NS);
  const styles = useStyles();
  const [settings, update] = useSettings();
  const [capturing, setCapturing] = useState(false);
  const [saved, setSaved] = useState(false);
  // Space and Enter also press the button: the key press that was captured must not start a new capture.
  const captured = useRef(false);
  const keyId = useId();
  const { settings: valid, errors } = checkPtt(settings, draft);

  const edit = (change: Partial<PttDraft>) => {
    setSaved(false);
    onDraft({ ...draft, ...change });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (!capturing) return;
    // Reserved keys are captured too, so the field can say why they are refused; preventing the
    // default keeps Esc from closing the dialog and F5 from reloading the page.
    e.preventDefault();
    e.stopPropagation();
    captured.current = true;
    setCapturing(false);
    edit({ pttKey: e.code || e.key });
  };

  const onClick = () => {
    if (captured.current) {
      captured.current = false;
      return;
    }
    setCapturing(true);
  };

  const save = () => {
    if (!valid) return;
    update(valid);
    setSaved(true);
  };

  const message = (key: string | undefined) => (key ? t(`common:${key}`) : undefined);
  const state = (key: string | undefined) => (key ? 'error' : 'none');
  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      {saved && (
        <MessageBar intent="success">
          <MessageBarBody>{t('common:result.save.success')}</MessageBarBody>
        </MessageBar>
      )}
      <Field label={t('ptt.key')} hint={t('ptt.keyHint')} validationMessage={message(errors.pttKey)} validationState={state(errors.pttKey)}>
        {(field) => (
          <div className={styles.row}>
            <Button
              id={keyId}
              className={styles.key}
              icon={<KeyboardRegular />}
              aria-labelledby={`${field['aria-labelledby'] ?? ''} ${keyId}`}
              aria-describedby={field['aria-describedby']}
              aria-invalid={field['aria-invalid']}
              aria-pressed={capturing}
              onClick={onClick}
              onKeyDown={onKeyDown}
              // The click a captured Space or Enter causes comes right after its keyup; forget the
              // capture only after that click had its chance to be ignored.
              onKeyUp={() => {
                window.setTimeout(() => {
                  captured.current = false;
                });
              }}
              onBlur={() => setCapturing(false)}
            >
              {capturing ? t('ptt.capturing') : draft.pttKey ? keyLabel(draft.pttKey) : t('ptt.none')}
            </Button>
            <Button appearance="subtle" onClick={() => edit({ pttKey: '' })}>
              {t('ptt.clear')}
            </Button>
          </div>
        )}
      </Field>
      <Field label={t('ptt.pressTime')} validationMessage={message(errors.pressTime)} validationState={state(errors.pressTime)}>
        <Input type="number" inputMode="numeric" value={draft.pressTime} onChange={(_e, data) => edit({ pressTime: data.value })} />
      </Field>
      <Field label={t('ptt.maxDuration')} validationMessage={message(errors.maxDuration)} validationState={state(errors.maxDuration)}>
        <Input type="number" inputMode="numeric" value={draft.maxDuration} onChange={(_e, data) => edit({ maxDuration: data.value })} />
      </Field>
      <div>
        <Button type="submit" appearance="primary" disabled={!valid}>
          {t('ptt.save')}
        </Button>
      </div>
    </form>
  );
}
