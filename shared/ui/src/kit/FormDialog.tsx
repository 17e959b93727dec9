import { Button, Field, Input, Select, Spinner, Textarea } from '@fluentui/react-components';
import { useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { COMMON_NS } from '../i18n/i18n';
import { DialogFrame } from './DialogFrame';
import { errorKey, fieldErrors, serverFieldErrors } from './errors';
import type { FieldIssue } from './errors';

/** Structural view of a zod schema (the contracts' own), so the kit needs no zod of its own. */
export interface FormSchema<Out> {
  safeParse(value: unknown): { success: true; data: Out } | { success: false; error: { issues: readonly FieldIssue[] } };
}

/** What the fields hold: text for the built-in kinds, anything for a field that renders itself. */
export type FormValues = Record<string, unknown>;

export interface FieldInput {
  id: string;
  value: unknown;
  onChange: (value: unknown) => void;
  invalid: boolean;
  /** The field's error as an i18n key, for a `bare` field that shows it itself. */
  errorKey?: string;
}

export interface FormField {
  name: string;
  label: string;
  kind?: 'text' | 'password' | 'textarea' | 'number' | 'select';
  options?: readonly { value: string; label: string }[];
  required?: boolean;
  hint?: string;
  maxLength?: number;
  /** The browser's autofill hint (`current-password`, `new-password`). */
  autoComplete?: string;
  /** Visible lines of a textarea. */
  rows?: number;
  /** A field of its own kind (a picker, a map point), holding whatever value it needs. */
  render?: (input: FieldInput) => ReactNode;
  /** The rendered field brings its own label and message (a captcha): no Field around it. */
  bare?: boolean;
}

export interface FormDialogProps<Out> {
  title: string;
  /** The contracts schema the server checks the same body with. */
  schema: FormSchema<Out>;
  fields: readonly FormField[];
  initial: FormValues;
  /** Values as typed, turned into what the schema reads (numbers, trimmed text, omitted blanks). */
  toInput?: (values: FormValues) => unknown;
  onSubmit: (body: Out) => Promise<unknown>;
  onClose: () => void;
  submitLabel?: string;
  intro?: ReactNode;
  /** The namespace of the feature's own rule keys, tried before the common one. */
  ns?: string;
  /**
   * Where a refusal belongs when the server names no field but its code does (a wrong old
   * password, a wrong captcha): field -> i18n key, or null to show it above the form.
   */
  refusalErrors?: (error: unknown) => Record<string, string> | null;
  /** After any refusal (a captcha is spent on every check, right or wrong). */
  onRefused?: () => void;
}

function defaultInput(values: FormValues, fields: readonly FormField[]): unknown {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const raw = values[f.name];
    out[f.name] = f.kind === 'number' ? (typeof raw !== 'string' || raw.trim() === '' ? undefined : Number(raw)) : raw;
  }
  return out;
}

/**
 * A form in a dialog, checked with the schema the server uses: field errors in the spec's words
 * before anything is sent, the server's refusal after (on its field when it names one), a busy
 * state, and one submission at a time however often the button is pressed.
 */
export function FormDialog<Out>(props: FormDialogProps<Out>) {
  const { title, schema, fields, initial, toInput, onSubmit, onClose, submitLabel, intro, ns, refusalErrors, onRefused } = props;
  const { t } = useTranslation(ns ? [ns, COMMON_NS] : COMMON_NS);
  const [values, setValues] = useState<FormValues>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);

  const check = (next: FormValues) => schema.safeParse(toInput ? toInput(next) : defaultInput(next, fields));
  const text = (key: string) => t(key, { ns: ns ? [ns, COMMON_NS] : COMMON_NS });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (sending.current) return;
    const parsed = check(values);
    if (!parsed.success) {
      const found = fieldErrors(parsed.error.issues);
      setErrors(found);
      // A rule over the whole form (at least one of two pickers) names no field: it shows on top.
      const loose = Object.keys(found).find((k) => !fields.some((f) => f.name === k));
      setFailure(loose ? text(found[loose] as string) : null);
      return;
    }
    sending.current = true;
    setBusy(true);
    setErrors({});
    setFailure(null);
    try {
      await onSubmit(parsed.data);
    } catch (err) {
      const onFields = refusalErrors?.(err) ?? serverFieldErrors(err);
      const key = errorKey(err);
      const known = Object.keys(onFields).filter((k) => fields.some((f) => f.name === k));
      if (known.length > 0) setErrors(onFields);
      // A one-field form: a field rule the server refused is that field's.
      else if (fields.length === 1 && key.startsWith('validation.')) setErrors({ [fields[0]?.name ?? '']: key });
      else setFailure(text(key));
      onRefused?.();
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  const change = (name: string, value: unknown) => {
    const next = { ...values, [name]: value };
    setValues(next);
    // Once a field has shown an error, it follows the typing, so the message leaves as soon as it is right.
    if (errors[name]) {
      const parsed = check(next);
      const now = parsed.success ? {} : fieldErrors(parsed.error.issues);
      setErrors((prev) => {
        const rest = { ...prev };
        if (now[name]) rest[name] = now[name];
        else delete rest[name];
        return rest;
      });
    }
  };

  return (
    <DialogFrame
      title={title}
      locked={busy}
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      failure={failure}
      actions={
        <>
          <Button appearance="secondary" disabled={busy} onClick={onClose}>
            {t('kit.cancel', { ns: COMMON_NS })}
          </Button>
          <Button appearance="primary" type="submit" disabled={busy} icon={busy ? <Spinner size="tiny" /> : undefined}>
            {busy ? t('kit.saving', { ns: COMMON_NS }) : (submitLabel ?? t('kit.save', { ns: COMMON_NS }))}
          </Button>
        </>
      }
    >
      {intro}
      {fields.map((f) => (
        <FormFieldView key={f.name} field={f} value={values[f.name]} errorKey={errors[f.name]} error={errors[f.name] ? text(errors[f.name] as string) : undefined} onChange={change} />
      ))}
    </DialogFrame>
  );
}

interface FieldViewProps {
  field: FormField;
  value: unknown;
  error: string | undefined;
  errorKey: string | undefined;
  onChange: (name: string, value: unknown) => void;
}

function FormFieldView({ field, value: raw, error, errorKey: key, onChange }: FieldViewProps) {
  const id = `form-${field.name}`;
  const set = (v: unknown) => onChange(field.name, v);
  const value = typeof raw === 'string' ? raw : typeof raw === 'number' ? String(raw) : '';
  const input = (() => {
    if (field.render) return field.render({ id, value: raw, onChange: set, invalid: Boolean(error), errorKey: key });
    switch (field.kind ?? 'text') {
      case 'textarea':
        return <Textarea id={id} value={value} maxLength={field.maxLength} rows={field.rows} resize="vertical" onChange={(_e, d) => set(d.value)} />;
      case 'select':
        return (
          <Select id={id} value={value} onChange={(_e, d) => set(d.value)}>
            {(field.options ?? []).map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Select>
        );
      case 'number':
        return <Input id={id} type="number" value={value} onChange={(_e, d) => set(d.value)} />;
      case 'password':
        return <Input id={id} type="password" value={value} maxLength={field.maxLength} autoComplete={field.autoComplete} onChange={(_e, d) => set(d.value)} />;
      case 'text':
        return <Input id={id} value={value} maxLength={field.maxLength} onChange={(_e, d) => set(d.value)} />;
    }
  })();
  if (field.bare) return input;
  return (
    <Field label={field.label} required={field.required} hint={field.hint} validationMessage={error} validationState={error ? 'error' : 'none'}>
      {input}
    </Field>
  );
}
