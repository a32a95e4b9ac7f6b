import { Injectable } from '@nestjs/common';
import { Algorithm, hash, verify } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';

@Injectable()
export class PasswordHasher {
  /** Verified against when the email is unknown, so that a miss costs as long as a wrong password. */
  private readonly dummyHash = this.hash(randomBytes(32).toString('base64url'));

  hash(password: string): Promise<string> {
    return hash(password, { algorithm: Algorithm.Argon2id });
  }

  /** False for a missing hash too, after the same amount of work. */
  async verify(storedHash: string | null, password: string): Promise<boolean> {
    const ok = await verify(storedHash ?? (await this.dummyHash), password);
    return storedHash !== null && ok;
  }
}
