import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Spec §3 Admin user: an address whose account, once it proves the address, is an admin while the entry is active. */
@Entity({ name: 'admin_users' })
export class AdminUserEntity {
  @PrimaryGeneratedColumn()
  id: number;

  /** Stored lowercased, like users.email, so the two compare as they are. */
  @Column({ type: 'text', unique: true })
  email: string;

  @Column({ name: 'first_name', type: 'text' })
  firstName: string;

  @Column({ name: 'last_name', type: 'text' })
  lastName: string;

  /**
   * The account that proved this address (issue 20): only it holds the entry's rights. Null until one does. No foreign
   * key: an erased account's id is never drawn again, so its entry simply grants nothing.
   */
  @Column({ name: 'user_id', type: 'integer', nullable: true, unique: true })
  userId: number | null;

  @Column({ name: 'is_active', type: 'boolean', default: true })
  isActive: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
