import { describe, expect, it } from '@jest/globals';
import { EmailRenderer } from './email-renderer';

const resetUrl = 'https://fodmapjournal.app/reset-password?token=abc_DEF-123';
// Handlebars escapes '=' in attributes as an entity, which browsers and mail clients decode.
const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1].replace(/&#x3D;/g, '=').replace(/&amp;/g, '&'));

describe('password reset email', () => {
  const email = new EmailRenderer().render('password-reset', { firstName: 'Ann <script>', resetUrl });

  it('is branded FODMAP Journal in subject, HTML and text', () => {
    expect(email.subject).toBe('Reset your FODMAP Journal password');
    expect(email.html).toContain('FODMAP Journal');
    expect(email.text).toContain('FODMAP Journal');
  });

  it('carries the reset link and says it expires in 1 hour', () => {
    expect(hrefs(email.html)).toContain(resetUrl);
    expect(email.text).toContain(resetUrl);
    expect(email.html).toContain('expires in 1 hour');
    expect(email.text).toContain('expires in 1 hour');
  });

  it('escapes names in the HTML but not in the plain text', () => {
    expect(email.html).toContain('Hi Ann &lt;script&gt;');
    expect(email.text).toContain('Hi Ann <script>');
  });
});
