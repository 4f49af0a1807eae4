import { useSession } from '@/features/auth/hooks/use-session';
import { ServicesHome } from '@/features/home/components/services-home';
import { PendingWork } from '@/features/survey-taking/components/pending-work';

/** / — Home, with any survey work still waiting on this tablet. */
export default function HomeRoute() {
  const profile = useSession();
  return <ServicesHome profile={profile} notices={<PendingWork />} />;
}
