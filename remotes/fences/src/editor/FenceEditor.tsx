import { Badge, Button, MessageBar, MessageBarBody, Spinner, Text, Title1, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { FenceDetail } from '@ptt/contracts';
import type { Drawing } from '@ptt/map';
import { COMMON_NS, ConfirmDialog, errorKey, serverFieldErrors, useLeaveGuard } from '@ptt/ui';
import { NS, useCreateFenceMutation, useSetFenceEnabledMutation, useSetFenceLinkEnabledMutation, useUpdateFenceMutation } from '../core';
import { useStartPoint } from './useStartPoint';
import { FenceFields } from './FenceFields';
import { EMPTY_FORM, checkCreate, checkUpdate, errorsOf, formOf, isDirty, type Checked, type FenceForm, type FormErrors, type ShapeState } from './form';
import { LinksSection, NO_LINKS, type PendingLinks } from './links/LinksSection';
import { ShapeMap } from './ShapeMap';

const NO_ERRORS: FormErrors = { fields: {}, windows: {} };
const UNTOUCHED: ShapeState = { drawing: null, touched: false };
/** Back to the list: the parent of the `edit/:id` route. */
const LIST = '..';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  body: { display: 'grid', gridTemplateColumns: 'minmax(320px, 420px) minmax(0, 1fr)', gap: tokens.spacingHorizontalXL, alignItems: 'start', '@media (max-width: 1000px)': { gridTemplateColumns: 'minmax(0, 1fr)' } },
  side: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  state: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
});

/** The editor of one fence (`stored`), or of a new one (`stored` null). */
export function FenceEditor({ stored }: { stored: FenceDetail | null }) {
  const { t } = useTranslation(NS, { keyPrefix: 'editor' });
  const { t: tc } = useTranslation(NS, { keyPrefix: 'core' });
  const { t: tCommon } = useTranslation(COMMON_NS);
  const styles = useStyles();
  const [create] = useCreateFenceMutation();
  const [update] = useUpdateFenceMutation();
  const [setEnabled] = useSetFenceEnabledMutation();
  const [setLinkEnabled] = useSetFenceLinkEnabledMutation();

  const [baseline, setBaseline] = useState<FenceForm>(() => (stored ? formOf(stored) : EMPTY_FORM));
  const [shownShape, setShownShape] = useState(stored?.shape ?? null);
  const [form, setForm] = useState<FenceForm>(baseline);
  const [shape, setShape] = useState<ShapeState>(UNTOUCHED);
  const [pending, setPending] = useState<PendingLinks>(NO_LINKS);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [failure, setFailure] = useState<string | null>(null);
  const [changedElsewhere, setChangedElsewhere] = useState(false);
  const [busy, setBusy] = useState(false);

  const startAt = useStartPoint(stored === null);
  const dirty = isDirty(form, baseline, shape) || pending.users.length > 0 || pending.channels.length > 0;
  const guard = useLeaveGuard(dirty);

  // Another console changed the fence (FenceChange refetches it): an untouched editor follows;
  // one with changes keeps them and says so.
  const storedForm = stored ? JSON.stringify([formOf(stored), stored.shape]) : null;
  useEffect(() => {
    if (!stored || storedForm === JSON.stringify([baseline, shownShape])) return;
    if (dirty) return setChangedElsewhere(true);
    const next = formOf(stored);
    setBaseline(next);
    setForm(next);
    setShownShape(stored.shape);
    // Only a change of the stored fence matters here, not each keystroke.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [storedForm]);

  const onDrawing = (drawing: Drawing | null) => {
    setShape({ drawing, touched: true });
    if (errors.fields.shape) setErrors((e) => ({ ...e, fields: { ...e.fields, shape: undefined } }));
  };

  const refused = (err: unknown) => {
    const key = errorKey(err);
    // The one rule the server names no field for that is a field's: the name taken.
    if (key === 'rule.fenceNameExists') return setErrors({ fields: { name: key }, windows: {} });
    const onFields = Object.entries(serverFieldErrors(err)).map(([field, message]) => ({ path: [field], message }));
    if (onFields.length > 0) return setErrors(errorsOf(onFields));
    setFailure(tCommon(key));
  };

  /** Shows why a form cannot be sent; true when it can. */
  const accepted = <B,>(checked: Checked<B>): checked is { ok: true; body: B } => {
    if (checked.ok) return true;
    setErrors('errors' in checked ? checked.errors : NO_ERRORS);
    if ('notModified' in checked) setFailure(tCommon('rule.fenceNotModified'));
    return false;
  };

  const send = async (request: () => Promise<void>) => {
    setErrors(NO_ERRORS);
    setBusy(true);
    try {
      await request();
    } catch (err) {
      refused(err);
    } finally {
      setBusy(false);
    }
  };

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setFailure(null);
    if (stored) {
      const checked = checkUpdate(form, shape, stored);
      if (!accepted(checked)) return;
      return send(async () => {
        const saved = await update({ id: stored.id, body: checked.body }).unwrap();
        guard.release(LIST, { notice: { kind: 'saved', name: saved.name } });
      });
    }
    const checked = checkCreate(form, shape, { userIds: pending.users.map((u) => u.id), channelIds: pending.channels.map((c) => c.id) });
    if (!accepted(checked)) return;
    return send(async () => {
      const made = await create(checked.body).unwrap();
      // The create request links everyone enabled; links switched off before are switched off now.
      const off = [...pending.users.filter((u) => !u.enabled).map((u) => ['users', u.id] as const), ...pending.channels.filter((c) => !c.enabled).map((c) => ['channels', c.id] as const)];
      await Promise.allSettled(off.map(([kind, target]) => setLinkEnabled({ id: made.id, kind, target, enabled: false }).unwrap()));
      guard.release(LIST, { notice: { kind: 'created', name: made.name } });
    });
  };

  const toggleFence = () => {
    if (!stored) return;
    setFailure(null);
    setEnabled({ id: stored.id, enabled: !stored.enabled })
      .unwrap()
      .catch((err: unknown) => setFailure(tCommon(errorKey(err))));
  };

  return (
    <section aria-labelledby="fence-edit-title" className={styles.page}>
      <RouterLink to={LIST}>{t('back')}</RouterLink>
      <Title1 as="h1" block id="fence-edit-title">
        {stored ? t('titleEdit', { name: stored.name }) : t('titleNew')}
      </Title1>
      <Text>{t('intro')}</Text>
      <div role="status">
        {failure && (
          <MessageBar intent="error">
            <MessageBarBody>{failure}</MessageBarBody>
          </MessageBar>
        )}
        {changedElsewhere && (
          <MessageBar intent="warning">
            <MessageBarBody>{t('changedElsewhere')}</MessageBarBody>
          </MessageBar>
        )}
      </div>
      <div className={styles.body}>
        <div className={styles.side}>
          <form onSubmit={(e) => void save(e)} noValidate className={styles.side}>
            {stored && (
              <div className={styles.state}>
                <Text weight="semibold">{t('state')}</Text>
                <Badge appearance="tint" color={stored.enabled ? 'success' : 'subtle'}>
                  {tc(stored.enabled ? 'state.enabled' : 'state.disabled')}
                </Badge>
                <Button size="small" onClick={toggleFence}>
                  {stored.enabled ? t('disable') : t('enable')}
                </Button>
              </div>
            )}
            <FenceFields form={form} onChange={setForm} errors={errors} />
            <div className={styles.actions}>
              <Button appearance="primary" type="submit" disabled={busy} icon={busy ? <Spinner size="tiny" /> : undefined}>
                {busy ? t('saving') : stored ? t('save') : t('create')}
              </Button>
            </div>
          </form>
          {stored ? <LinksSection mode="existing" fence={stored} /> : <LinksSection mode="new" pending={pending} onPending={setPending} />}
        </div>
        <ShapeMap stored={shownShape} onChange={onDrawing} error={errors.fields.shape} startAt={startAt} />
      </div>
      {guard.pending !== null && (
        <ConfirmDialog title={t('leave.title')} confirmLabel={t('leave.confirm')} cancelLabel={t('leave.stay')} onClose={guard.stay} onConfirm={() => Promise.resolve(guard.leave())}>
          <Text>{t('leave.text')}</Text>
        </ConfirmDialog>
      )}
    </section>
  );
}
