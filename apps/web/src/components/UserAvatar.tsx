import { Avatar } from '@mui/material';
import PersonIcon from '@mui/icons-material/Person';
import type { User } from '@fodmap/contracts';

/** The profile photo, or a person icon when there is none (spec §2 Dashboard, Profile). */
export function UserAvatar({ user, size = 40 }: { user: Pick<User, 'profileImageUrl' | 'firstName'>; size?: number }) {
  return (
    <Avatar src={user.profileImageUrl ?? undefined} alt={user.profileImageUrl ? `${user.firstName || 'Your'} profile photo` : undefined} sx={{ width: size, height: size }}>
      <PersonIcon sx={{ fontSize: size * 0.6 }} aria-hidden />
    </Avatar>
  );
}
