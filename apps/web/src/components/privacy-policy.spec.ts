import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The privacy policy as a reader sees it: the page the footer links to (LegalFooter), its text without markup. */
function policyText(): string {
  const html = readFileSync(join(__dirname, '../../public/legal/privacy-policy.html'), 'utf8');
  return (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '').replace(/\s+/g, ' ');
}

describe('the privacy policy (issue 20 §2)', () => {
  const text = policyText();

  it('says what is kept: the account, journal entries, private foods, emails sent and the history of changes', () => {
    for (const kept of ['name, email address', 'meals you log', 'symptoms', 'foods you add yourself', 'emails we have sent you', 'history of the changes']) expect(text).toContain(kept);
  });

  it('says for how long: until the account is deleted; links 1 hour and 24 hours; sessions 30 days at most; logs as configured', () => {
    for (const period of ['until you delete your account', 'works for 1 hour', 'for 24 hours', '30 days at most', 'Technical logs']) expect(text).toContain(period);
  });

  it('names who else processes it, and that no journal data goes to the AI provider', () => {
    for (const processor of ['email provider', 'Stripe', 'AI provider', 'None of your journal']) expect(text).toContain(processor);
  });

  it('says how to export and how to erase, and that erasing cannot be undone', () => {
    expect(text).toContain('Profile screen, under Data Export');
    expect(text).toContain('Delete account erases your account, journal');
    expect(text).toContain('cannot be undone');
    expect(text).not.toContain('contact support');
  });
});
