/**
 * The strings of the person's account beyond sign-in (issue 20): a proven address, their own password changes, and their
 * rights over their data. Apart from `Messages`, which ships whole in the entry chunk, since only the screens that
 * confirm, change or export an account need them.
 */
export const AccountMessages = {
  commonPassword: 'This password is too common. Please choose one that is harder to guess.',
  verifyEmailBanner: 'Confirm your email',
  verifyEmailInvalidToken: 'This confirmation link is invalid, has expired or was already used. Please ask for a new one.',
  verifyEmailSuccess: 'Your email address is confirmed.',
  verifyEmailSent: 'We have sent you a new confirmation link.',
  verifyEmailAlready: 'Your email address is already confirmed.',
  verifyEmailFirst: 'Please confirm your email address first: until then we send you nothing but the confirmation email.',
  tooManyVerificationEmails: (seconds: number) =>
    `Too many confirmation emails. Please try again in ${Math.max(1, Math.ceil(seconds / 60))} minute${Math.ceil(seconds / 60) === 1 ? '' : 's'}.`,
  tooManyRegistrations: 'Too many new accounts from here. Please try again later.',
  tooManyExports: (seconds: number) =>
    `You have downloaded your data several times this hour. Please try again in ${Math.max(1, Math.ceil(seconds / 60))} minute${Math.ceil(seconds / 60) === 1 ? '' : 's'}.`,
  exportFailed: 'Could not download your data. Please try again.',
  currentPasswordWrong: 'Your current password is not correct',
  passwordChanged: 'Your password has been changed. Your other sessions were signed out.',
  signedOutEverywhere: 'You have been signed out everywhere.',
  erasePasswordRequired: 'Please enter your password to delete your account',
  accountErased: 'Your account and everything in it have been deleted.',
  eraseFailed: 'Your account could not be deleted. Please try again.',
};
