import { DEFAULT_DOMAIN_CONFIG } from '@fodmap/contracts';
import { CaughtMessage, Mailcatcher, startMailcatcher } from '@fodmap/mailcatcher';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EmailRenderer } from './email-renderer';
import { Mailer } from './mailer';

let catcher: Mailcatcher;
let mailer: Mailer;
beforeAll(async () => {
  catcher = await startMailcatcher({ smtpPort: 0, httpPort: 0 });
  mailer = new Mailer(`smtp://127.0.0.1:${catcher.smtpPort}`);
});
afterAll(async () => {
  mailer?.close();
  await catcher?.close();
});

describe('Mailer', () => {
  it('delivers a rendered email over SMTP from the product address', async () => {
    const resetUrl = 'http://localhost:3000/reset-password?token=abc';
    await mailer.send('ann@example.com', new EmailRenderer().render('password-reset', { firstName: 'Ann', resetUrl }));
    const messages = (await (await fetch(`http://127.0.0.1:${catcher.httpPort}/api/messages?to=ann@example.com`)).json()) as CaughtMessage[];
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ from: DEFAULT_DOMAIN_CONFIG.emailFrom.replace(/^([^<]+) </, '"$1" <'), subject: 'Reset your FODMAP Journal password' });
    expect(messages[0].text).toContain(resetUrl);
    expect(messages[0].html).toContain('FODMAP Journal');
  });
});
