import { messages } from '@partsforge/shared/messages';
import { useId } from 'react';
import { FilterField, SearchBox } from '@/components/search-box';
import { useSearchDraft } from '@/hooks/use-search-draft';

/**
 * All Users' search box (docs/requirements.md §13 "Finding things"): part of a name or email, applied with Enter
 * or Search; clearing the box and searching shows every user again.
 */
export function UserSearchForm({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const id = useId();
  // The URL changing the search (Back) shows it in the box.
  const [draft, setDraft] = useSearchDraft(q);
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
      <FilterField id={`${id}-q`} label={messages.users.searchLabel} className="max-w-xl">
        <SearchBox
          id={`${id}-q`}
          value={draft}
          onChange={setDraft}
          placeholder={messages.users.searchPlaceholder}
          buttonLabel={messages.users.search}
        />
      </FilterField>
    </form>
  );
}
