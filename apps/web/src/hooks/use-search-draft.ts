import { useState } from 'react';

/**
 * The text of a search box applied on submit: `[draft, setDraft]`, starting at the applied search `q`. When `q`
 * changes from outside the box (the URL: Back, Clear filters), the box shows it again.
 */
export function useSearchDraft(q: string): [string, (draft: string) => void] {
  const [draft, setDraft] = useState(q);
  const [shownQ, setShownQ] = useState(q);
  if (q !== shownQ) {
    setShownQ(q);
    setDraft(q);
  }
  return [draft, setDraft];
}
