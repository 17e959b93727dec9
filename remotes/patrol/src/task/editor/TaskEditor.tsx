import { Button, Field, Input, MessageBar, MessageBarBody, Radio, RadioGroup, Spinner, Text, Title1, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowLeftRegular } from '@fluentui/react-icons';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PATROL_ORDERS, type PatrolTaskDetail } from '@ptt/contracts';
import { COMMON_NS, ConfirmDialog, errorKey, serverFieldErrors, useLeaveGuard } from '@ptt/ui';
import { NS, usePatrolAllNodesQuery } from '../../core';
import { usePatrolTaskAssignMutation, usePatrolTaskCreateMutation, usePatrolTaskUpdateMutation } from '../api';
import { PeopleFields } from './PeopleFields';
import { RouteEditor } from './RouteEditor';
import { ScheduleFields } from './ScheduleFields';
import { EMPTY_TASK, NO_ERRORS, RULE_FIELDS, checkCreate, checkUpdate, errorsOf, formOf, isDirty, type TaskErrors, type TaskForm } from './taskForm';

interface Props {
  /** The task edited, or null for a new one. */
  stored: PatrolTaskDetail | null;
  /** Back to the list, with what was done. */
  onClose: (done?: { kind: 'created' | 'saved'; name: string }) => void;
}

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  grow: { flexGrow: 1 },
  body: { display: 'grid', gridTemplateColumns: 'minmax(300px, 400px) minmax(0, 1fr)', gap: tokens.spacingHorizontalXL, alignItems: 'start', '@media (max-width: 1000px)': { gridTemplateColumns: 'minmax(0, 1fr)' } },
  side: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
});

/** The editor of one task (or a new one): name, order, late limit, schedule, route and who patrols. */
export function TaskEditor({ stored, onClose }: Props) {
  const { t } = useTranslation(NS, { keyPrefix: 'task.editor' });
  const { t: tc } = useTranslation(NS, { keyPrefix: 'core' });
  const { t: tCommon } = useTranslation(COMMON_NS);
  const styles = useStyles();
  const nodes = usePatrolAllNodesQuery().data?.items ?? [];
  const [create] = usePatrolTaskCreateMutation();
  const [update] = usePatrolTaskUpdateMutation();
  const [assign] = usePatrolTaskAssignMutation();
  const [baseline] = useState<TaskForm>(() => (stored ? formOf(stored) : EMPTY_TASK));
  const [form, setForm] = useState<TaskForm>(baseline);
  const [errors, setErrors] = useState<TaskErrors>(NO_ERRORS);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const dirty = isDirty(form, baseline);
  const guard = useLeaveGuard(dirty && !busy);
  const set = (next: Partial<TaskForm>) => setForm((f) => ({ ...f, ...next }));
  const orderName = (o: string) => t('orderLabel', { order: tc(`order.${o}`), hint: t(`orderHint.${o}`) });

  const refused = (err: unknown) => {
    const key = errorKey(err);
    const field = RULE_FIELDS[key];
    if (field) return setErrors({ fields: { [field]: key }, stops: {} });
    const onFields = errorsOf(Object.entries(serverFieldErrors(err)).map(([f, message]) => ({ path: [f], message })));
    if (Object.keys(onFields.fields).length > 0) return setErrors(onFields);
    setFailure(tCommon(key));
  };

  const send = async (request: () => Promise<string>, kind: 'created' | 'saved') => {
    setErrors(NO_ERRORS);
    setBusy(true);
    try {
      const name = await request();
      onClose({ kind, name });
    } catch (err) {
      refused(err);
      setBusy(false);
    }
  };

  const save = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setFailure(null);
    if (!stored) {
      const checked = checkCreate(form);
      if (!checked.ok) return setErrors('errors' in checked ? checked.errors : NO_ERRORS);
      return void send(async () => (await create(checked.body).unwrap()).name, 'created');
    }
    const checked = checkUpdate(form, stored);
    if (!checked.ok) {
      setErrors('errors' in checked ? checked.errors : NO_ERRORS);
      if ('notModified' in checked) setFailure(tCommon('rule.patrolNotModified'));
      return;
    }
    const { patch, members } = checked.body;
    void send(async () => {
      let name = stored.name;
      if (patch) name = (await update({ id: stored.id, body: patch }).unwrap()).name;
      if (members) name = (await assign({ id: stored.id, body: members }).unwrap()).name;
      return name;
    }, 'saved');
  };

  const back = () => (dirty ? setLeaving(true) : onClose());
  const { fields } = errors;

  return (
    <form onSubmit={save} noValidate className={styles.page} aria-labelledby="patrol-task-edit-title">
      <div className={styles.head}>
        <Button appearance="subtle" icon={<ArrowLeftRegular />} onClick={back}>
          {t('back')}
        </Button>
        <Title1 as="h1" block id="patrol-task-edit-title" className={styles.grow}>
          {stored ? t('titleEdit', { name: stored.name }) : t('titleNew')}
        </Title1>
        <Button appearance="primary" type="submit" disabled={busy} icon={busy ? <Spinner size="tiny" /> : undefined}>
          {busy ? t('saving') : stored ? t('save') : t('create')}
        </Button>
      </div>
      <div role="status">
        {failure && (
          <MessageBar intent="error">
            <MessageBarBody>{failure}</MessageBarBody>
          </MessageBar>
        )}
      </div>
      <div className={styles.body}>
        <div className={styles.side}>
          <Field label={t('name')} required validationMessage={fields.name ? tCommon(fields.name) : undefined} validationState={fields.name ? 'error' : 'none'}>
            <Input value={form.name} onChange={(_e, d) => set({ name: d.value })} />
          </Field>
          <Field label={t('order')} validationMessage={fields.order ? tCommon(fields.order) : undefined} validationState={fields.order ? 'error' : 'none'}>
            <RadioGroup value={form.order} onChange={(_e, d) => set({ order: d.value as TaskForm['order'] })}>
              {PATROL_ORDERS.map((o) => (
                <Radio key={o} value={o} label={orderName(o)} />
              ))}
            </RadioGroup>
          </Field>
          <Field label={t('late')} hint={t('lateHint')} validationMessage={fields.lateS ? tCommon(fields.lateS) : undefined} validationState={fields.lateS ? 'error' : 'none'}>
            <Input type="number" value={form.late} onChange={(_e, d) => set({ late: d.value })} />
          </Field>
          <ScheduleFields form={form} onChange={set} error={fields.schedule} />
          <PeopleFields users={form.users} channels={form.channels} onChange={set} error={fields.members} />
        </div>
        <RouteEditor route={form.route} nodes={nodes} onChange={(route) => set({ route })} error={fields.route} stopErrors={errors.stops} />
      </div>
      {(guard.pending !== null || leaving) && (
        <ConfirmDialog
          title={tc('leave.title')}
          confirmLabel={tc('leave.confirm')}
          cancelLabel={tc('leave.stay')}
          onClose={() => {
            guard.stay();
            setLeaving(false);
          }}
          onConfirm={() => Promise.resolve(leaving ? onClose() : guard.leave())}
        >
          <Text>{tc('leave.text')}</Text>
        </ConfirmDialog>
      )}
    </form>
  );
}
