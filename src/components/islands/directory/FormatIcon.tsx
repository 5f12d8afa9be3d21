import { Users, Video, type LucideProps } from 'lucide-react';
import type { MeetingFormat } from '#lib/clubs/meetings/types.ts';

/** People for a club met in person, a camera for one that can be joined online. */
export function FormatIcon({ format, ...props }: LucideProps & { format: MeetingFormat }) {
  const Icon = format === 'in-person' ? Users : Video;
  return <Icon {...props} />;
}
