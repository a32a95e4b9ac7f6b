export interface CaughtMessage {
  id: string;
  from: string;
  /** Envelope recipients. */
  to: string[];
  subject: string;
  /** ISO date. */
  date: string;
  text: string;
  html: string | null;
}

export interface Mailcatcher {
  smtpPort: number;
  httpPort: number;
  close(): Promise<void>;
}

export function startMailcatcher(options?: { smtpPort?: number; httpPort?: number; host?: string }): Promise<Mailcatcher>;
