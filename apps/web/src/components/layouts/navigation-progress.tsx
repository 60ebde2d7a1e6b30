import { messages } from '@partsforge/shared/messages';
import { useNavigation } from 'react-router';

/** A thin bar at the top while the router loads the next page's code (lazy routes). */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state !== 'loading') return null;
  return (
    <div
      role="status"
      aria-label={messages.common.loadingPage}
      className="fixed inset-x-0 top-0 z-[60] h-1 overflow-hidden bg-primary/20"
    >
      <div className="h-full w-1/3 animate-pulse bg-accent" />
    </div>
  );
}
