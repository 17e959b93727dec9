import {
  Tag,
  TagPicker,
  TagPickerControl,
  TagPickerGroup,
  TagPickerInput,
  TagPickerList,
  TagPickerOption,
  type TagPickerProps,
} from '@fluentui/react-components';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NS } from '../../core';
import { useLazyChannelUserOptionsQuery } from '../api';

export interface UserOption {
  id: number;
  nickname: string;
  account: string;
}

interface Props {
  /** The field's name, for the list button; the visible label is the surrounding Field's. */
  label: string;
  selected: UserOption[];
  onChange: (selected: UserOption[]) => void;
  /** A line under a chosen person (why the server refused them), by user id. */
  notes?: ReadonlyMap<number, string>;
}

const SEARCH_DELAY_MS = 250;
const NO_MATCH = 'no-match';

/**
 * Chooses people among all users of the organisation: typing searches on the server (after a
 * pause, an earlier search dropped), a page of matches at a time; choices become tags.
 */
export function UserPicker({ label, selected, onChange, notes }: Props) {
  const { t } = useTranslation(NS, { keyPrefix: 'channels.picker' });
  const [findUsers] = useLazyChannelUserOptionsQuery();
  const [text, setText] = useState('');
  const [options, setOptions] = useState<UserOption[]>([]);

  const search = useCallback(
    async (q: string) => (await findUsers(q, true).unwrap()).items.map((u) => ({ id: u.id, nickname: u.nickname, account: u.account })),
    [findUsers],
  );

  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      search(text.trim()).then(
        (found) => current && setOptions(found),
        () => current && setOptions([]),
      );
    }, SEARCH_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [text, search]);

  const chosen = new Set(selected.map((o) => String(o.id)));
  const onOptionSelect: TagPickerProps['onOptionSelect'] = (_e, data) => {
    if (data.value === NO_MATCH) return;
    const known = new Map([...selected, ...options].map((o) => [String(o.id), o]));
    onChange(data.selectedOptions.flatMap((v) => known.get(v) ?? []));
    setText('');
  };
  const shown = options.filter((o) => !chosen.has(String(o.id)));

  return (
    <TagPicker onOptionSelect={onOptionSelect} selectedOptions={[...chosen]}>
      <TagPickerControl expandIcon={{ 'aria-label': t('openList', { name: label }) }}>
        <TagPickerGroup aria-label={t('selected')}>
          {selected.map((o) => {
            const note = notes?.get(o.id);
            return (
              <Tag
                key={o.id}
                value={String(o.id)}
                shape="rounded"
                dismissible
                secondaryText={note}
                aria-label={note ? t('removeWithNote', { name: o.nickname, note }) : t('remove', { name: o.nickname })}
              >
                {o.nickname}
              </Tag>
            );
          })}
        </TagPickerGroup>
        <TagPickerInput placeholder={t('placeholder')} value={text} onChange={(e) => setText(e.target.value)} />
      </TagPickerControl>
      <TagPickerList>
        {shown.length > 0 ? (
          shown.map((o) => (
            <TagPickerOption key={o.id} value={String(o.id)} secondaryContent={o.account}>
              {o.nickname}
            </TagPickerOption>
          ))
        ) : (
          <TagPickerOption value={NO_MATCH}>{t('noMatch')}</TagPickerOption>
        )}
      </TagPickerList>
    </TagPicker>
  );
}
