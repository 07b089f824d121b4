import { describe, expect, it } from 'vitest';
import { ERROR_TEXTS, SUCCESS_TEXTS } from '@chat/contracts';
import { PUBLIC_PAGE_TOASTS } from './texts';

describe('public page toasts', () => {
  it('are the SPEC texts of @chat/contracts', () => {
    expect(PUBLIC_PAGE_TOASTS.register.success).toBe(SUCCESS_TEXTS.user.created);
    expect(PUBLIC_PAGE_TOASTS.register.errorFallback).toBe(ERROR_TEXTS.user.create);
    expect(PUBLIC_PAGE_TOASTS.forgotPassword.success).toBe(SUCCESS_TEXTS.passwordToken.resetLinkSent);
    expect(PUBLIC_PAGE_TOASTS.forgotPassword.errorFallback).toBe(ERROR_TEXTS.passwordToken.create);
    expect(PUBLIC_PAGE_TOASTS.resetPassword.success).toBe(SUCCESS_TEXTS.passwordToken.passwordReset);
    expect(PUBLIC_PAGE_TOASTS.resetPassword.errorFallback).toBe(ERROR_TEXTS.passwordToken.use);
  });
});
