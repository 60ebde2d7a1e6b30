import { messages } from '@partsforge/shared/messages';

/** First focusable element of every page: jumps keyboard users past the navigation. */
export function SkipLink({ targetId }: { targetId: string }) {
  return (
    <a
      href={`#${targetId}`}
      onClick={(event) => {
        // Move focus itself instead of letting the router see a hash navigation.
        const target = document.getElementById(targetId);
        if (!target) return;
        event.preventDefault();
        target.focus();
        target.scrollIntoView();
      }}
      className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[100] focus:rounded-field focus:bg-accent focus:px-4 focus:py-2 focus:font-semibold focus:text-accent-content"
    >
      {messages.common.skipToContent}
    </a>
  );
}
