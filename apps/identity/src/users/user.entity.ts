import { Condition, DEFAULT_HOST, DietPhase, OnboardingState } from '@fodmap/contracts';
import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'users' })
export class UserEntity {
  /** Drawn from the users_id_seq sequence before the insert, because it also names the user's event stream. */
  @PrimaryColumn({ type: 'integer' })
  id: number;

  /** Always stored lowercased, so the unique index is case-insensitive in effect. */
  @Column({ type: 'text', unique: true })
  email: string;

  /** Null until the person opens the link of their confirmation email (issue 20): an unproven address is trusted with nothing. */
  @Column({ name: 'email_verified_at', type: 'timestamptz', nullable: true })
  emailVerifiedAt: Date | null;

  @Column({ name: 'password_hash', type: 'text' })
  passwordHash: string;

  @Column({ name: 'first_name', type: 'text' })
  firstName: string;

  @Column({ name: 'last_name', type: 'text' })
  lastName: string;

  @Column({ name: 'profile_image_url', type: 'text', nullable: true })
  profileImageUrl: string | null;

  /** Null until the user chooses; read through notificationDefaults (spec §3). */
  @Column({ name: 'email_notifications', type: 'boolean', nullable: true })
  emailNotifications: boolean | null;

  @Column({ name: 'meal_notifications', type: 'boolean', nullable: true })
  mealNotifications: boolean | null;

  /** The browser's zone at sign-up until the person confirms or changes it: their days and their daily summary's 8:00. */
  @Column({ name: 'time_zone', type: 'text', default: 'UTC' })
  timeZone: string;

  @Column({ type: 'text', nullable: true })
  condition: Condition | null;

  @Column({ name: 'diet_phase', type: 'text', nullable: true })
  dietPhase: DietPhase | null;

  @Column({ type: 'text', default: 'pending' })
  onboarding: OnboardingState;

  /** The host the person signed up on (normaliseHost), whose branding their emails carry; 'default' when unknown. */
  @Column({ type: 'text', default: DEFAULT_HOST })
  host: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
