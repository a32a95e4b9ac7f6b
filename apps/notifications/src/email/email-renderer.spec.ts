import { DEFAULT_DISCLAIMER, DEFAULT_DOMAIN_CONFIG, DomainConfig } from '@fodmap/contracts';
import { describe, expect, it } from '@jest/globals';
import { copyFileSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

const brand: DomainConfig = {
  ...DEFAULT_DOMAIN_CONFIG,
  name: 'gutfriend',
  displayName: 'Gut Friend',
  primaryColor: '#123456',
  emailFrom: 'Gut Friend Team <hello@gutfriend.example>',
  supportEmail: 'help@gutfriend.example',
};

describe('branding, per email', () => {
  const renderer = new EmailRenderer();

  it('renders each email in the brand given, with that brand as sender, from one renderer', () => {
    const branded = renderer.render('password-reset', { firstName: 'Ann', resetUrl }, brand);
    const plain = renderer.render('password-reset', { firstName: 'Ann', resetUrl });
    expect(branded.subject).toBe('Reset your Gut Friend password');
    expect(branded.from).toEqual({ name: 'Gut Friend', address: 'hello@gutfriend.example' });
    expect(branded.html).toContain('background:#123456');
    expect(branded.html).toContain('help@gutfriend.example');
    expect(branded.text).toContain('Gut Friend · ');
    expect(branded.html).not.toContain('FODMAP Journal');
    expect(plain.from).toEqual({ name: 'FODMAP Journal', address: 'no-reply@fodmapjournal.app' });
    expect(plain.subject).toBe('Reset your FODMAP Journal password');
  });

  it('says it is not medical advice in every email', () => {
    const email = renderer.render('password-reset', { firstName: 'Ann', resetUrl });
    expect(email.html).toContain('Not medical advice - Always consult healthcare professionals');
    expect(email.text).toContain('Not medical advice - Always consult healthcare professionals');
  });

  it('offers the unsubscribe link in the footer only when the email has one', () => {
    const unsubscribeUrl = 'https://fodmapjournal.app/unsubscribe?token=abc.def';
    const email = renderer.render('password-reset', { firstName: 'Ann', resetUrl, unsubscribeUrl });
    expect(hrefs(email.html)).toContain(unsubscribeUrl);
    expect(email.text).toContain(`Unsubscribe from these emails: ${unsubscribeUrl}`);
    const without = renderer.render('password-reset', { firstName: 'Ann', resetUrl });
    expect(without.html).not.toContain('Unsubscribe');
    expect(without.text).not.toContain('Unsubscribe');
  });
});

describe('the sponsor partial', () => {
  // A template of its own beside the real layouts and partials: the summaries' templates are another team's.
  const dir = mkdtempSync(join(tmpdir(), 'email-templates-'));
  for (const file of readdirSync(join(__dirname, 'templates'))) copyFileSync(join(__dirname, 'templates', file), join(dir, file));
  writeFileSync(join(dir, 'sponsored.subject.hbs'), 'Your day');
  writeFileSync(join(dir, 'sponsored.html.hbs'), '<p>Body</p>{{> sponsor}}');
  writeFileSync(join(dir, 'sponsored.text.hbs'), 'Body{{> sponsor}}');
  const renderer = new EmailRenderer(dir);
  const sponsor = {
    advertiserId: 3,
    name: 'Acme',
    productName: 'Gut Calm <Tea>',
    description: 'A gentle tea',
    sponsorMessage: null as string | null,
    ctaText: 'Try Gut Calm',
    clickUrl: 'https://fodmapjournal.app/api/sponsored/3',
    disclaimer: DEFAULT_DISCLAIMER,
  };

  it('shows the product, the description when there is no sponsor message, the call to action and the disclaimer', () => {
    const email = renderer.render('sponsored', { sponsor });
    expect(email.html).toContain('Gut Calm &lt;Tea&gt;');
    expect(email.html).toContain('A gentle tea');
    expect(hrefs(email.html)).toContain(sponsor.clickUrl);
    expect(email.html).toContain('Try Gut Calm');
    expect(email.html).toContain(DEFAULT_DISCLAIMER);
    expect(email.text).toContain('Sponsored: Gut Calm <Tea>');
    expect(email.text).toContain(`Try Gut Calm: ${sponsor.clickUrl}`);
    expect(email.text).toContain(DEFAULT_DISCLAIMER);
  });

  it('prefers the sponsor message to the description', () => {
    const email = renderer.render('sponsored', { sponsor: { ...sponsor, sponsorMessage: 'Calm your gut' } });
    expect(email.html).toContain('Calm your gut');
    expect(email.html).not.toContain('A gentle tea');
    expect(email.text).toContain('Calm your gut');
  });

  it('shows nothing without a sponsor', () => {
    const email = renderer.render('sponsored', { sponsor: null });
    expect(email.html).not.toContain('Sponsored');
    expect(email.text).not.toContain('Sponsored');
  });
});
