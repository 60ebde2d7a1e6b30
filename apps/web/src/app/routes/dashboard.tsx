import { messages } from '@partsforge/shared';
import { ComingSoon } from '@/components/coming-soon';

/** Arrives with customer accounts (a later issue); until then an honest placeholder. */
export function DashboardRoute() {
  return <ComingSoon title={messages.pages.dashboard} text={messages.comingSoon.dashboard} />;
}
