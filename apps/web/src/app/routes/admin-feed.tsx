import { FeedScreen } from '@/features/admin-feed';

/** /admin/feed — a facility's census feed from its EHR (DESIGN §9, issue 36). */
export default function AdminFeedRoute() {
  return <FeedScreen />;
}
