import { SPECIAL_STRING_CHARS, changePasswordSchema, nicknameSchema } from '@ptt/contracts';

/**
 * The nickname messages of spec section 5, checked before sending with the server's own schema:
 * required, too long, then special (markup, control characters) before the wider "illegal".
 * The server calls both of the last two "illegal"; here the user is told which.
 */
export function nicknameErrorKey(value: string): string | null {
  const result = nicknameSchema.safeParse(value);
  if (result.success) return null;
  const key = result.error.issues[0]?.message ?? 'validation.nicknameIllegal';
  if (key === 'validation.nicknameIllegal' && SPECIAL_STRING_CHARS.test(value)) return 'validation.specialString';
  return key;
}

export interface PasswordForm {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
  captcha: string;
}
export type PasswordField = keyof PasswordForm;
export type PasswordErrors = Partial<Record<PasswordField, string>>;

/** Every field's first problem at once (zod skips the cross-field checks while a field is bad). */
export function passwordErrors(form: PasswordForm): PasswordErrors {
  const errors: PasswordErrors = {};
  // The captcha id is not the user's to fix; a missing one (still loading) is not reported here.
  const result = changePasswordSchema.safeParse({ ...form, captchaId: 'x' });
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path[0] as PasswordField;
      if (field in form && !errors[field]) errors[field] = issue.message;
    }
  }
  if (!errors.newPassword && form.oldPassword !== '' && form.newPassword === form.oldPassword) errors.newPassword = 'validation.passwordSameAsOld';
  if (!errors.confirmPassword && form.confirmPassword !== form.newPassword) errors.confirmPassword = 'validation.passwordMismatch';
  return errors;
}
