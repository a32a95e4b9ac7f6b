import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Spec §3 Domain config, one row per host name; the row keyed 'default' answers for every other host. */
@Entity({ name: 'domain_configs' })
export class DomainConfigEntity {
  @PrimaryColumn({ type: 'text' })
  host: string;

  @Column({ type: 'text' })
  name: string;

  @Column({ name: 'display_name', type: 'text' })
  displayName: string;

  @Column({ type: 'text' })
  description: string;

  @Column({ name: 'primary_color', type: 'text' })
  primaryColor: string;

  @Column({ name: 'secondary_color', type: 'text' })
  secondaryColor: string;

  @Column({ name: 'accent_color', type: 'text' })
  accentColor: string;

  @Column({ name: 'logo_text', type: 'text' })
  logoText: string;

  @Column({ name: 'email_from', type: 'text' })
  emailFrom: string;

  @Column({ name: 'support_email', type: 'text' })
  supportEmail: string;

  @Column({ type: 'text' })
  tagline: string;

  @Column({ name: 'custom_css', type: 'text', nullable: true })
  customCss: string | null;
}
