import { OptOutScreen } from '@/features/recognition/components/opt-out-screen';

/** /recognition-opt-out#token=… — the link in every recognition mail (no sign-in). */
export default function RecognitionOptOutRoute() {
  return <OptOutScreen />;
}
