import { messages } from '@partsforge/shared';
import { ComingSoon } from '@/components/coming-soon';

/** Arrives with customer accounts (a later issue); until then an honest placeholder. */
export function SignupRoute() {
  return <ComingSoon title={messages.pages.signUp} text={messages.comingSoon.signUp} />;
}
