import { z } from 'zod';
import { Messages } from '../messages';

export const PASSWORD_MIN_LENGTH = 8;
const requiredText = (message: string) => z.string({ required_error: message, invalid_type_error: message }).trim().min(1, message);

export const loginSchema = z.object({
  email: requiredText(Messages.loginFieldsRequired).transform((email) => email.toLowerCase()),
  password: z.string({ required_error: Messages.loginFieldsRequired, invalid_type_error: Messages.loginFieldsRequired }).min(1, Messages.loginFieldsRequired),
});
export type LoginInput = z.input<typeof loginSchema>;

export const registerSchema = z
  .object({
    email: requiredText(Messages.registerFieldsRequired)
      .transform((email) => email.toLowerCase())
      .pipe(z.string().email(Messages.invalidEmail)),
    password: z.string({ required_error: Messages.registerFieldsRequired }).min(1, Messages.registerFieldsRequired),
    confirmPassword: z.string().optional(),
    firstName: requiredText(Messages.registerFieldsRequired),
    lastName: requiredText(Messages.registerFieldsRequired),
    timeZone: z.string().trim().min(1).max(64).optional(),
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
  email: requiredText(Messages.invalidEmail).transform((email) => email.toLowerCase()),
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
    token: z.string({ required_error: Messages.resetInvalidToken, invalid_type_error: Messages.resetInvalidToken }).trim().min(1, Messages.resetInvalidToken),
    newPassword: z.string({ required_error: Messages.resetTooShort, invalid_type_error: Messages.resetTooShort }),
    confirmPassword: z.string().optional(),
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
