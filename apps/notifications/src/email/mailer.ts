import { DEFAULT_DOMAIN_CONFIG } from '@fodmap/contracts';
import { loadConfig } from '@fodmap/server';
import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { createTransport } from 'nodemailer';
import { RenderedEmail } from './email-renderer';

@Injectable()
export class Mailer implements OnApplicationShutdown {
  private readonly transport = createTransport(loadConfig().smtpUrl);

  async send(to: string, email: RenderedEmail): Promise<void> {
    await this.transport.sendMail({ from: DEFAULT_DOMAIN_CONFIG.emailFrom, to, subject: email.subject, html: email.html, text: email.text });
  }

  onApplicationShutdown(): void {
    this.transport.close();
  }
}
