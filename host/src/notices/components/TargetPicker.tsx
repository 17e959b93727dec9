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
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NS } from '../strings';

export interface TargetOption {
  id: number;
  label: string;
  /** Shown under the label (a channel's member count, a member's account). */
  detail: string;
}

interface Props {
  /** The field's name, for the list button; the label itself is the surrounding Field's. */
  label: string;
  placeholder: string;
  selectedLabel: string;
  selected: TargetOption[];
  onChange: (selected: TargetOption[]) => void;
  /** Options matching the text, from the server. */
  search: (q: string, signal: AbortSignal) => Promise<TargetOption[]>;
}

const SEARCH_DELAY_MS = 250;
const NO_MATCH = 'no-match';

/**
 * A searchable multi-select of channels or members: typing asks the server (after a pause, the
 * earlier question dropped), choices become tags. Sits inside a form Field that gives its label.
 */
export function TargetPicker({ label, placeholder, selectedLabel, selected, onChange, search }: Props) {
  const { t } = useTranslation(NS);
  const [query, setQuery] = useState('');
  const [options, setOptions] = useState<TargetOption[]>([]);

  useEffect(() => {
    const abort = new AbortController();
    const timer = setTimeout(() => {
      search(query.trim(), abort.signal).then(setOptions, () => abort.signal.aborted || setOptions([]));
    }, SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [query, search]);

  const chosen = new Set(selected.map((o) => String(o.id)));
  const onOptionSelect: TagPickerProps['onOptionSelect'] = (_e, data) => {
    if (data.value === NO_MATCH) return;
    const known = new Map([...selected, ...options].map((o) => [String(o.id), o]));
    onChange(data.selectedOptions.flatMap((v) => known.get(v) ?? []));
    setQuery('');
  };
  const shown = options.filter((o) => !chosen.has(String(o.id)));

  return (
    <TagPicker onOptionSelect={onOptionSelect} selectedOptions={[...chosen]}>
        <TagPickerControl expandIcon={{ 'aria-label': t('send.openList', { name: label }) }}>
          <TagPickerGroup aria-label={selectedLabel}>
            {selected.map((o) => (
              <Tag key={o.id} value={String(o.id)} shape="rounded" dismissible aria-label={t('send.remove', { name: o.label })}>
                {o.label}
              </Tag>
            ))}
          </TagPickerGroup>
          <TagPickerInput placeholder={placeholder} value={query} onChange={(e) => setQuery(e.target.value)} />
        </TagPickerControl>
        <TagPickerList>
          {shown.length > 0 ? (
            shown.map((o) => (
              <TagPickerOption key={o.id} value={String(o.id)} secondaryContent={o.detail}>
                {o.label}
              </TagPickerOption>
            ))
          ) : (
            <TagPickerOption value={NO_MATCH}>{t('send.noMatch')}</TagPickerOption>
          )}
        </TagPickerList>
    </TagPicker>
  );
}
