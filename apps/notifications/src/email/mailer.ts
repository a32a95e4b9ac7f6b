import { DEFAULT_DOMAIN_CONFIG } from '@fodmap/contracts';
import { createTransport, Transporter } from 'nodemailer';
import { RenderedEmail } from './email-renderer';

/** Sends over SMTP (SMTP_URL) from the product's address; one connection per email, so nothing stays open between emails. */
export class Mailer {
  private readonly transport: Transporter;

  constructor(smtpUrl: string) {
    this.transport = createTransport(smtpUrl);
  }

  /** `headers`: e.g. X-Correlation-Id, so an email can be traced back to the request that caused it. */
  async send(to: string, email: RenderedEmail, headers: Record<string, string> = {}): Promise<void> {
    await this.transport.sendMail({ from: DEFAULT_DOMAIN_CONFIG.emailFrom, to, subject: email.subject, html: email.html, text: email.text, headers });
  }
}
