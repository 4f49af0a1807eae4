import { SurveySetsScreen } from '@/features/admin-survey-sets/components/survey-sets-screen';

/** /admin/survey-sets — the additional survey sets and the facilities offering them. */
export default function AdminSurveySetsRoute() {
  return <SurveySetsScreen />;
}
