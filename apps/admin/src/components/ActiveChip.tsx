import { Chip } from '@mui/material';
import { AdminMessages } from '@fodmap/contracts';

/** The Active/Inactive badge of an advertiser or an admin user (spec §2). */
export function ActiveChip({ active }: { active: boolean }) {
  return <Chip size="small" label={active ? AdminMessages.active : AdminMessages.inactive} color={active ? 'success' : 'default'} variant={active ? 'filled' : 'outlined'} />;
}
