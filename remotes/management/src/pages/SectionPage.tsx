import { ChannelsPage } from '../channels';
import { DevicesPage } from '../devices';
import type { Section } from '../sections';
import { UsersPage } from '../users';

/** The page of one section (users, channels, devices). */
export function SectionPage({ section }: { section: Section }) {
  if (section === 'users') return <UsersPage />;
  if (section === 'channels') return <ChannelsPage />;
  return <DevicesPage />;
}
