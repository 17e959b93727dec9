import { Button, Checkbox, Field, Select, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowDownRegular, ArrowUpRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { screenLayoutSchema } from '@ptt/contracts';
import type { ScreenLayout } from '@ptt/contracts';
import { FormDialog } from '@ptt/ui';
import type { FieldInput, FormValues } from '@ptt/ui';
import { NS } from '../strings';
import { draftOf, layoutOf, move } from './layout';
import type { LayoutDraft, Placement } from './layout';

const useStyles = makeStyles({
  rows: { display: 'grid', gap: tokens.spacingVerticalS },
  row: { display: 'grid', gridTemplateColumns: 'minmax(8rem, 1fr) 9rem auto auto', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

type Panels = LayoutDraft['panels'];

function PanelOrder({ input }: { input: FieldInput }) {
  const { t } = useTranslation(NS, { keyPrefix: 'panels' });
  const styles = useStyles();
  const panels = input.value as Panels;
  const set = (next: Panels) => input.onChange(next);
  return (
    <div className={styles.rows} role="list" aria-label={t('order')}>
      {panels.map(({ panel, place }, i) => {
        const name = t(`names.${panel}`);
        return (
          <div key={panel} className={styles.row} role="listitem" data-testid={`panels-${panel}`}>
            <span>{name}</span>
            <Select
              aria-label={t('column', { panel: name })}
              value={place}
              onChange={(_e, d) => set(panels.map((p) => (p.panel === panel ? { panel, place: d.value as Placement } : p)))}
            >
              <option value="left">{t('left')}</option>
              <option value="right">{t('right')}</option>
              <option value="off">{t('off')}</option>
            </Select>
            <Button appearance="subtle" icon={<ArrowUpRegular />} aria-label={t('up', { panel: name })} disabled={i === 0} onClick={() => set(move({ map: true, panels }, panel, -1).panels)} />
            <Button
              appearance="subtle"
              icon={<ArrowDownRegular />}
              aria-label={t('down', { panel: name })}
              disabled={i === panels.length - 1}
              onClick={() => set(move({ map: true, panels }, panel, 1).panels)}
            />
          </div>
        );
      })}
    </div>
  );
}

export interface PanelsDialogProps {
  /** The dialog's title (the display's name when an admin lays one out). */
  title?: string;
  layout: ScreenLayout;
  onSave: (layout: ScreenLayout) => Promise<unknown>;
  onClose: () => void;
}

/** Which panels go in which column and in what order, and whether the map shows. */
export function PanelsDialog({ title, layout, onSave, onClose }: PanelsDialogProps) {
  const { t } = useTranslation(NS, { keyPrefix: 'panels' });
  const { t: common } = useTranslation('common');
  const draft = draftOf(layout);
  const toInput = (values: FormValues) => layoutOf({ map: values.map === true, panels: values.panels as Panels });
  return (
    <FormDialog
      title={title ?? t('title')}
      ns={NS}
      schema={screenLayoutSchema}
      initial={{ map: draft.map, panels: draft.panels }}
      toInput={toInput}
      fields={[
        {
          name: 'map',
          label: t('map'),
          render: (input) => (
            <Field validationMessage={input.errorKey ? common(input.errorKey) : undefined} validationState={input.invalid ? 'error' : 'none'}>
              <Checkbox id={input.id} label={t('map')} checked={input.value === true} onChange={(_e, d) => input.onChange(d.checked === true)} />
            </Field>
          ),
          bare: true,
        },
        { name: 'panels', label: t('order'), render: (input) => <PanelOrder input={input} /> },
      ]}
      onSubmit={async (next) => {
        await onSave(next);
        onClose();
      }}
      onClose={onClose}
    />
  );
}
