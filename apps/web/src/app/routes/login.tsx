import { messages } from '@partsforge/shared';
import { ComingSoon } from '@/components/coming-soon';

/** Arrives with customer accounts (a later issue); until then an honest placeholder. */
export function LoginRoute() {
  return <ComingSoon title={messages.pages.login} text={messages.comingSoon.login} />;
}
