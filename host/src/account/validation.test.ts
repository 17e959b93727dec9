import { nicknameErrorKey, passwordErrors } from './validation';

describe('nicknameErrorKey', () => {
  it('answers the section 5 message for each kind of bad nickname', () => {
    expect(nicknameErrorKey('   ')).toBe('validation.nicknameRequired');
    expect(nicknameErrorKey('x'.repeat(33))).toBe('validation.nicknameTooLong');
    expect(nicknameErrorKey('<b>boss</b>')).toBe('validation.specialString');
    expect(nicknameErrorKey('a\u0007b')).toBe('validation.specialString');
    expect(nicknameErrorKey('Boss!!')).toBe('validation.nicknameIllegal');
    expect(nicknameErrorKey('🙂')).toBe('validation.nicknameIllegal');
  });

  it('accepts names of any script up to 32 characters', () => {
    expect(nicknameErrorKey('张三')).toBeNull();
    expect(nicknameErrorKey("O'Neil (night shift)")).toBeNull();
    expect(nicknameErrorKey('x'.repeat(32))).toBeNull();
  });
});

describe('passwordErrors', () => {
  const good = { oldPassword: 'demo123', newPassword: 'better1', confirmPassword: 'better1', captcha: 'AB12' };

  it('passes a complete form', () => {
    expect(passwordErrors(good)).toEqual({});
  });

  it('reports every empty field at once', () => {
    expect(passwordErrors({ oldPassword: '', newPassword: '', confirmPassword: '', captcha: '' })).toEqual({
      oldPassword: 'validation.passwordRequired',
      newPassword: 'validation.passwordInvalid',
      captcha: 'validation.captchaRequired',
    });
  });

  it('refuses a short new password, a mismatched confirmation and the old password again', () => {
    expect(passwordErrors({ ...good, newPassword: 'abc', confirmPassword: 'abc' })).toEqual({ newPassword: 'validation.passwordInvalid' });
    expect(passwordErrors({ ...good, confirmPassword: 'better2' })).toEqual({ confirmPassword: 'validation.passwordMismatch' });
    expect(passwordErrors({ ...good, newPassword: 'demo123', confirmPassword: 'demo123' })).toEqual({ newPassword: 'validation.passwordSameAsOld' });
    // The mismatch shows even while another field is still wrong.
    expect(passwordErrors({ ...good, captcha: '', confirmPassword: 'x' })).toEqual({
      captcha: 'validation.captchaRequired',
      confirmPassword: 'validation.passwordMismatch',
    });
  });
});
