import { messages } from '@partsforge/shared';
import { ComingSoon } from '@/components/coming-soon';

/** Arrives with customer accounts (a later issue); until then an honest placeholder. */
export function UpdateProfileRoute() {
  return <ComingSoon title={messages.pages.updateProfile} text={messages.comingSoon.updateProfile} />;
}
