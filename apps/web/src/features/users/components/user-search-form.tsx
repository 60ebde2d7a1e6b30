import { MAX_SEARCH_LENGTH } from '@partsforge/shared/constants';
import { messages } from '@partsforge/shared/messages';
import { useId, useState } from 'react';

/**
 * All Users' search box (docs/requirements.md §13 "Finding things"): part of a name or email, applied with Enter
 * or Search; clearing the box and searching shows every user again.
 */
export function UserSearchForm({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const id = useId();
  const [draft, setDraft] = useState(q);
  const [shownQ, setShownQ] = useState(q);
  // The URL changed the search (Back): show it in the box.
  if (q !== shownQ) {
    setShownQ(q);
    setDraft(q);
  }
  return (
    <form
      role="search"
      aria-label={messages.users.searchFormLabel}
      className="rounded-box border border-base-300 bg-base-200 p-4"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(draft);
      }}
    >
      <div className="flex max-w-xl flex-col gap-1">
        <label htmlFor={`${id}-q`} className="text-sm font-medium">
          {messages.users.searchLabel}
        </label>
        <div className="join w-full">
          <input
            id={`${id}-q`}
            type="search"
            name="q"
            value={draft}
            maxLength={MAX_SEARCH_LENGTH}
            placeholder={messages.users.searchPlaceholder}
            autoComplete="off"
            spellCheck={false}
            className="input join-item w-full"
            onChange={(event) => setDraft(event.target.value)}
          />
          <button type="submit" className="btn btn-primary join-item">
            {messages.users.search}
          </button>
        </div>
      </div>
    </form>
  );
}
