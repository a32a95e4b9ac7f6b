import { loadNotificationsConfig } from '@fodmap/server';
import { DataSource } from 'typeorm';
import { AdvertiserPicker, SponsorBlock } from '../advertisers/advertiser-picker';

let picker: AdvertiserPicker | null = null;

/**
 * The sponsor of a meal email, or null when they are off or no advertiser is active. The consumer is declared outside
 * Nest (the dead-letters command replays it too), so it keeps a picker of its own, made on first use: another picker's
 * changes reach it within ADVERTISER_CACHE_MS, as they reach another replica's.
 */
export async function mealEmailSponsor(dataSource: DataSource): Promise<SponsorBlock | null> {
  // Issue 9: 'if the admin enables it'. The switch is MEAL_EMAIL_SPONSORS=true (default off) rather than an admin
  // screen, which the spec does not draw.
  const config = loadNotificationsConfig();
  if (!config.mealEmailSponsors) return null;
  picker ??= new AdvertiserPicker(dataSource, config.publicUrl);
  return picker.pick();
}
