import { AccountMessages } from '../account/account-messages';
import { z } from 'zod';
import { Messages } from '../messages';
import { text } from '../text';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, RESET_TOKEN_MAX_LENGTH, TIME_ZONE_MAX_LENGTH } from '../text-limits';

const email = (required: string) => text('Email', EMAIL_MAX_LENGTH, { required }).transform((address) => address.toLowerCase());
const password = (required: string) => text('Password', PASSWORD_MAX_LENGTH, { required, trim: false });

export const loginSchema = z.object({
  email: email(Messages.loginFieldsRequired),
  password: password(Messages.loginFieldsRequired),
});
export type LoginInput = z.input<typeof loginSchema>;

export const registerSchema = z
  .object({
    email: email(Messages.registerFieldsRequired).pipe(z.string().email(Messages.invalidEmail)),
    password: password(Messages.registerFieldsRequired),
    confirmPassword: text('Password confirmation', PASSWORD_MAX_LENGTH, { trim: false }).optional(),
    firstName: text('First name', NAME_MAX_LENGTH, { required: Messages.registerFieldsRequired }),
    lastName: text('Last name', NAME_MAX_LENGTH, { required: Messages.registerFieldsRequired }),
    timeZone: text('Time zone', TIME_ZONE_MAX_LENGTH, { required: Messages.invalidTimeZone }).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.confirmPassword !== undefined && value.password !== value.confirmPassword) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: Messages.passwordsDontMatch, path: ['confirmPassword'] });
    } else if (value.password.length < PASSWORD_MIN_LENGTH) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: Messages.passwordTooShort, path: ['password'] });
    }
  });
export type RegisterInput = z.input<typeof registerSchema>;

export const forgotPasswordSchema = z.object({
  email: email(Messages.invalidEmail),
});

/** Spec §5: the rules are checked in this order and the first one broken is reported. */
export function resetPasswordProblem(newPassword: string, confirmPassword?: string): string | null {
  if (newPassword.length < PASSWORD_MIN_LENGTH) return Messages.resetTooShort;
  if (!/[a-z]/.test(newPassword)) return Messages.resetNeedsLowercase;
  if (!/[A-Z]/.test(newPassword)) return Messages.resetNeedsUppercase;
  if (!/\d/.test(newPassword)) return Messages.resetNeedsDigit;
  if (!/[@$!%*?&]/.test(newPassword)) return Messages.resetNeedsSpecial;
  if (confirmPassword !== undefined && confirmPassword !== newPassword) return Messages.resetPasswordsDontMatch;
  return null;
}

export const resetPasswordSchema = z
  .object({
    token: text('Reset token', RESET_TOKEN_MAX_LENGTH, { required: Messages.resetInvalidToken }),
    newPassword: text('Password', PASSWORD_MAX_LENGTH, { required: Messages.resetTooShort, trim: false }),
    confirmPassword: text('Password confirmation', PASSWORD_MAX_LENGTH, { trim: false }).optional(),
  })
  .superRefine((value, ctx) => {
    const problem = resetPasswordProblem(value.newPassword, value.confirmPassword);
    if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem, path: ['newPassword'] });
  });

export const notificationPreferencesSchema = z
  .object({
    emailNotifications: z.boolean({ invalid_type_error: 'emailNotifications must be true or false' }).optional(),
    mealNotifications: z.boolean({ invalid_type_error: 'mealNotifications must be true or false' }).optional(),
  })
  .strict()
  .refine((value) => value.emailNotifications !== undefined || value.mealNotifications !== undefined, {
    message: 'Send emailNotifications and/or mealNotifications',
  });

/** The token of the link in the confirmation email (`PUBLIC_URL/verify-email?token=…`), single use, 24 h. */
export const verifyEmailSchema = z.object({
  token: text('Confirmation token', RESET_TOKEN_MAX_LENGTH, { required: AccountMessages.verifyEmailInvalidToken }),
});
export type VerifyEmailInput = z.input<typeof verifyEmailSchema>;

/** Profile's 'Change password': the same rules as a reset (spec §5, and no common password), proven by the current one. */
export const changePasswordSchema = z
  .object({
    currentPassword: password(AccountMessages.currentPasswordWrong),
    newPassword: text('Password', PASSWORD_MAX_LENGTH, { required: Messages.resetTooShort, trim: false }),
    confirmPassword: text('Password confirmation', PASSWORD_MAX_LENGTH, { trim: false }).optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    const problem = resetPasswordProblem(value.newPassword, value.confirmPassword);
    if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem, path: ['newPassword'] });
  });
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** Deleting the account is proven by the password, so a borrowed unlocked phone cannot do it. */
export const eraseAccountSchema = z.object({ password: password(AccountMessages.erasePasswordRequired) }).strict();
export type EraseAccountInput = z.input<typeof eraseAccountSchema>;

export const EXPORT_FORMATS = ['json', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
/** `GET /api/account/export?format=`: everything as JSON (the default), or a zip of CSV files for a spreadsheet. */
export const accountExportQuerySchema = z
  .object({ format: z.enum(EXPORT_FORMATS, { errorMap: () => ({ message: 'format must be json or csv' }) }).default('json') })
  .strict();
