import { useId } from 'react';
import { FilterField, SearchBox } from './search-box';
import { useSearchDraft } from '@/hooks/use-search-draft';

interface ListSearchFormProps {
  /** The applied search (from the URL); the box shows it again when it changes from outside (Back). */
  q: string;
  onSearch: (q: string) => void;
  /** The form's accessible name, the box's label, its placeholder and the button's text. */
  formLabel: string;
  label: string;
  placeholder: string;
  buttonLabel: string;
}

/**
 * The search box of a dashboard list (All Users, Companies): one labelled box applied with Enter or its button;
 * searching an empty box lists everything again.
 */
export function ListSearchForm({
  q,
  onSearch,
  formLabel,
  label,
  placeholder,
  buttonLabel,
}: ListSearchFormProps) {
  const id = useId();
  const [draft, setDraft] = useSearchDraft(q);
  return (
    <form
      role="search"
      aria-label={formLabel}
      className="rounded-box border border-base-300 bg-base-200 p-4"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(draft);
      }}
    >
      <FilterField id={`${id}-q`} label={label} className="max-w-xl">
        <SearchBox
          id={`${id}-q`}
          value={draft}
          onChange={setDraft}
          placeholder={placeholder}
          buttonLabel={buttonLabel}
        />
      </FilterField>
    </form>
  );
}
