import { createTransport, Transporter } from 'nodemailer';
import { RenderedEmail } from './email-renderer';
import { EmailTransport } from './email-outbox';

/**
 * Sends over SMTP (SMTP_URL) from each email's brand, through a pool of at most `connections` connections kept open
 * between emails: a 100,000-email morning cannot afford a TCP and SMTP handshake per email.
 */
export class Mailer implements EmailTransport {
  private readonly transport: Transporter;

  constructor(smtpUrl: string, connections = 1) {
    this.transport = createTransport({ url: smtpUrl, pool: true, maxConnections: connections, maxMessages: Infinity });
  }

  /** `headers`: e.g. X-Correlation-Id, so an email can be traced back to the request that caused it. */
  async send(to: string, email: RenderedEmail, headers: Record<string, string> = {}): Promise<void> {
    await this.transport.sendMail({ from: email.from, to, subject: email.subject, html: email.html, text: email.text, headers });
  }

  close(): void {
    this.transport.close();
  }
}
