import { Button, Checkbox, Field, Input, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PATROL_METHODS, PATROL_NAME_MAX_LENGTH, PATROL_NFC_MAX_LENGTH, PATROL_RADIUS_DEFAULT_M, PATROL_RADIUS_MAX_M, PATROL_RADIUS_MIN_M, type PatrolNode } from '@ptt/contracts';
import { COMMON_NS, DialogFrame, errorKey, serverFieldErrors } from '@ptt/ui';
import { NS, usePatrolAllNodesQuery } from '../core';
import { usePatrolNodeCreateMutation, usePatrolNodeUpdateMutation } from './api';
import { EMPTY_NODE, RULE_FIELDS, checkCreate, checkUpdate, errorsOf, formOf, type Checked, type NodeErrors, type NodeForm } from './nodeForm';
import { PositionPicker } from './PositionPicker';

interface Props {
  /** The node edited, or null for a new one. */
  stored: PatrolNode | null;
  onClose: () => void;
  onDone: (kind: 'created' | 'saved', name: string) => void;
}

const useStyles = makeStyles({
  body: { display: 'grid', gridTemplateColumns: 'minmax(240px, 320px) minmax(0, 1fr)', gap: tokens.spacingHorizontalXL, alignItems: 'start', '@media (max-width: 900px)': { gridTemplateColumns: 'minmax(0, 1fr)' } },
  fields: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  methods: { display: 'flex', flexWrap: 'wrap' },
  group: { border: 'none', margin: 0, padding: 0, minWidth: 0 },
  legend: { padding: 0, fontWeight: tokens.fontWeightSemibold, marginBottom: tokens.spacingVerticalXS },
  error: { color: tokens.colorPaletteRedForeground1 },
});

/** Adds or edits a node: name, place on the map, check-in methods, radius, NFC tag, repeat interval. */
export function NodeDialog({ stored, onClose, onDone }: Props) {
  const { t } = useTranslation(NS, { keyPrefix: 'node.dialog' });
  const { t: tc } = useTranslation(NS, { keyPrefix: 'core' });
  const { t: tCommon } = useTranslation(COMMON_NS);
  const styles = useStyles();
  const [create] = usePatrolNodeCreateMutation();
  const [update] = usePatrolNodeUpdateMutation();
  const all = usePatrolAllNodesQuery().data?.items;
  const [form, setForm] = useState<NodeForm>(() => (stored ? formOf(stored) : EMPTY_NODE));
  const [errors, setErrors] = useState<NodeErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const methodName = (m: string) => tc(`method.${m}`);
  const set = (next: Partial<NodeForm>) => setForm((f) => ({ ...f, ...next }));
  const others = (all ?? []).filter((n) => n.id !== stored?.id);
  const radius = Number(form.radius);
  const shownRadius = Number.isFinite(radius) && radius >= PATROL_RADIUS_MIN_M && radius <= PATROL_RADIUS_MAX_M ? radius : PATROL_RADIUS_DEFAULT_M;

  const refused = (err: unknown) => {
    const key = errorKey(err);
    const field = RULE_FIELDS[key];
    if (field) return setErrors({ [field]: key });
    const onFields = errorsOf(Object.entries(serverFieldErrors(err)).map(([f, message]) => ({ path: [f], message })));
    if (Object.keys(onFields).length > 0) return setErrors(onFields);
    setFailure(tCommon(key));
  };

  const accepted = <B,>(checked: Checked<B>): checked is { ok: true; body: B } => {
    if (checked.ok) return true;
    if ('notModified' in checked) {
      setErrors({});
      setFailure(tCommon('rule.patrolNotModified'));
    } else setErrors(checked.errors);
    return false;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setFailure(null);
    const request = stored ? updateRequest(stored) : createRequest();
    if (!request) return;
    setErrors({});
    setBusy(true);
    try {
      const saved = await request();
      onDone(stored ? 'saved' : 'created', saved.name);
    } catch (err) {
      refused(err);
    } finally {
      setBusy(false);
    }
  };

  const createRequest = () => {
    const checked = checkCreate(form);
    return accepted(checked) ? () => create(checked.body).unwrap() : null;
  };
  const updateRequest = (node: PatrolNode) => {
    const checked = checkUpdate(form, node);
    return accepted(checked) ? () => update({ id: node.id, body: checked.body }).unwrap() : null;
  };

  const message = (field: keyof NodeErrors) => (errors[field] ? tCommon(errors[field] ?? '') : undefined);
  const state = (field: keyof NodeErrors) => (errors[field] ? 'error' : 'none');

  return (
    <DialogFrame
      title={stored ? t('titleEdit', { name: stored.name }) : t('titleNew')}
      wide
      locked={busy}
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      failure={failure}
      actions={
        <>
          <Button appearance="secondary" disabled={busy} onClick={onClose}>
            {tCommon('kit.cancel')}
          </Button>
          <Button appearance="primary" type="submit" disabled={busy} icon={busy ? <Spinner size="tiny" /> : undefined}>
            {busy ? tCommon('kit.saving') : stored ? tCommon('kit.save') : t('create')}
          </Button>
        </>
      }
    >
      <div className={styles.body}>
        <div className={styles.fields}>
          <Field label={t('name')} required validationMessage={message('name')} validationState={state('name')}>
            <Input value={form.name} maxLength={PATROL_NAME_MAX_LENGTH + 8} onChange={(_e, d) => set({ name: d.value })} />
          </Field>
          <fieldset className={styles.group}>
            <legend className={styles.legend}>{t('methods')}</legend>
            <div className={styles.methods}>
              {PATROL_METHODS.map((m) => (
                <Checkbox
                  key={m}
                  label={methodName(m)}
                  checked={form.methods.includes(m)}
                  onChange={(_e, d) => set({ methods: d.checked === true ? [...form.methods, m] : form.methods.filter((x) => x !== m) })}
                />
              ))}
            </div>
            {errors.methods && (
              <Text role="alert" className={styles.error}>
                {message('methods')}
              </Text>
            )}
          </fieldset>
          <Field label={t('radius')} hint={t('radiusHint', { min: PATROL_RADIUS_MIN_M, max: PATROL_RADIUS_MAX_M })} validationMessage={message('radiusM')} validationState={state('radiusM')}>
            <Input type="number" value={form.radius} onChange={(_e, d) => set({ radius: d.value })} />
          </Field>
          <Field label={t('nfcTag')} hint={t('nfcHint')} required={form.methods.includes('nfc')} validationMessage={message('nfcTag')} validationState={state('nfcTag')}>
            <Input value={form.nfcTag} maxLength={PATROL_NFC_MAX_LENGTH + 8} onChange={(_e, d) => set({ nfcTag: d.value })} />
          </Field>
          <Field label={t('repeat')} hint={t('repeatHint')} validationMessage={message('repeatS')} validationState={state('repeatS')}>
            <Input type="number" value={form.repeat} onChange={(_e, d) => set({ repeat: d.value })} />
          </Field>
          {stored && <Text size={200}>{t('qrCode', { code: stored.qrCode })}</Text>}
        </div>
        <PositionPicker lng={form.lng} lat={form.lat} onChange={set} radiusM={shownRadius} others={others} error={errors.position} />
      </div>
    </DialogFrame>
  );
}
