import { loadConfig } from '@fodmap/server';
import { DataSource } from 'typeorm';
import { AdvertiserPicker, SponsorBlock } from '../advertisers/advertiser-picker';

/**
 * Issue 9: meal emails carry a sponsored block only 'if the admin enables it'. The switch is the environment's
 * MEAL_EMAIL_SPONSORS=true (default off) rather than an admin screen, which the spec does not draw.
 */
export const mealEmailSponsorsEnabled = (env: NodeJS.ProcessEnv = process.env): boolean => env.MEAL_EMAIL_SPONSORS === 'true';

let picker: AdvertiserPicker | null = null;

/**
 * The sponsor of a meal email, or null when they are off or no advertiser is active. The consumer is declared outside
 * Nest (the dead-letters command replays it too), so it keeps a picker of its own, made on first use: another picker's
 * changes reach it within ADVERTISER_CACHE_MS, as they reach another replica's.
 */
export async function mealEmailSponsor(dataSource: DataSource): Promise<SponsorBlock | null> {
  if (!mealEmailSponsorsEnabled()) return null;
  picker ??= new AdvertiserPicker(dataSource, loadConfig().publicUrl);
  return picker.pick();
}
