import { Combobox, Option, type ComboboxProps } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NS } from '../../core';
import { useDeviceAccountOptionsQuery } from '../api';

export interface AccountChoice {
  uid: number;
  account: string;
  nickname: string;
}

interface Props {
  /** The accessible name when no Field labels the picker (a row of the batch dialog). */
  label?: string;
  value: AccountChoice | null;
  onChange: (choice: AccountChoice | null) => void;
  invalid?: boolean;
}

const SEARCH_DELAY_MS = 250;
const NO_MATCH = 'no-match';

/**
 * Chooses one account of the organisation: typing searches accounts and nicknames on the server
 * (after a pause), a page of matches at a time. Accounts bound elsewhere are offered too: the
 * server answers 2036 for them, in the spec's words.
 */
export function AccountPicker({ label, value, onChange, invalid }: Props) {
  const { t } = useTranslation(NS, { keyPrefix: 'devices.account' });
  const [text, setText] = useState(value ? value.account : '');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(text === value?.account ? '' : text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, value]);
  const { data } = useDeviceAccountOptionsQuery(q);
  const options = (data?.items ?? []).map((u) => ({ uid: u.id, account: u.account, nickname: u.nickname }));

  const onOptionSelect: ComboboxProps['onOptionSelect'] = (_e, d) => {
    const chosen = options.find((o) => String(o.uid) === d.optionValue) ?? null;
    if (d.optionValue === NO_MATCH) return;
    onChange(chosen);
    setText(chosen?.account ?? '');
  };

  return (
    <Combobox
      aria-label={label}
      aria-invalid={invalid || undefined}
      freeform
      placeholder={t('placeholder')}
      value={text}
      selectedOptions={value ? [String(value.uid)] : []}
      onChange={(e) => {
        setText(e.target.value);
        if (value && e.target.value !== value.account) onChange(null);
      }}
      onOptionSelect={onOptionSelect}
    >
      {options.length > 0 ? (
        options.map((o) => (
          <Option key={o.uid} value={String(o.uid)} text={o.account}>
            {`${o.account} (${o.nickname})`}
          </Option>
        ))
      ) : (
        <Option value={NO_MATCH} text="" disabled>
          {t('noMatch')}
        </Option>
      )}
    </Combobox>
  );
}
