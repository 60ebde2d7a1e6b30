import type { CartLineResult } from '@partsforge/shared/cart';
import { messages } from '@partsforge/shared/messages';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ErrorMessage } from '@/components/error-message';
import { paths } from '@/lib/paths';
import { useImportToCart, usePreviewImport } from '../api/import-cart';
import { LineResultsTable } from './line-results-table';

const addedCount = (results: readonly CartLineResult[]) =>
  results.filter((result) => result.status !== 'error').length;

/**
 * Quick order (docs/requirements.md §11): lines of `SKU quantity` typed or pasted, or a CSV file read in the
 * browser into the same text (the server parses it). Preview lists every line as the server reads it, without
 * changing the cart; "Add N lines to cart" then imports the same text and shows what was added, with a link to
 * the cart. Changing the text drops the preview.
 */
export function QuickOrderForm() {
  const [text, setText] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);
  const [missingText, setMissingText] = useState(false);
  const preview = usePreviewImport();
  const importToCart = useImportToCart();
  const textId = useId();
  const hintId = useId();
  const fileId = useId();

  const changeText = (value: string) => {
    setText(value);
    setMissingText(false);
    preview.reset();
  };

  const previewed = preview.data?.results;
  const toAdd = previewed ? addedCount(previewed) : 0;
  const done = importToCart.data?.results;
  const failure = preview.error ?? importToCart.error;

  return (
    <div className="flex flex-col gap-6">
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (text.trim() === '') {
            setMissingText(true);
            return;
          }
          importToCart.reset();
          preview.mutate(text);
        }}
      >
        <div className="flex flex-col gap-1">
          <label htmlFor={textId} className="font-medium">
            {messages.cart.linesLabel}
          </label>
          <p id={hintId} className="text-sm text-base-content/80">
            {messages.cart.linesHint}
          </p>
          <textarea
            id={textId}
            aria-describedby={hintId}
            aria-invalid={missingText ? true : undefined}
            className={`textarea w-full font-mono ${missingText ? 'textarea-error' : ''}`}
            rows={10}
            spellCheck={false}
            value={text}
            onChange={(event) => changeText(event.target.value)}
          />
          {missingText ? (
            <p role="alert" className="text-sm text-error">
              {messages.cart.importTextRequired}
            </p>
          ) : null}
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={fileId} className="font-medium">
            {messages.cart.csvFileLabel}
          </label>
          <input
            id={fileId}
            type="file"
            accept=".csv,.txt,text/csv,text/plain"
            className="file-input w-full max-w-md"
            onChange={(event) => {
              const file = event.target.files?.[0];
              setFileError(null);
              if (!file) return;
              file.text().then(changeText, () => setFileError(messages.cart.fileReadFailed));
            }}
          />
          {fileError ? (
            <p role="alert" className="text-sm text-error">
              {fileError}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="submit" className="btn" disabled={preview.isPending}>
            {messages.cart.preview}
          </button>
          {previewed ? (
            <button
              type="button"
              className="btn btn-primary"
              disabled={toAdd === 0 || importToCart.isPending}
              onClick={() => importToCart.mutate(text, { onSuccess: () => preview.reset() })}
            >
              {messages.cart.addLines(toAdd)}
            </button>
          ) : null}
        </div>
      </form>

      {failure ? <ErrorMessage title={failure.message} /> : null}

      {previewed ? <LineResultsTable caption={messages.cart.previewCaption} results={previewed} /> : null}

      {done ? (
        <section role="status" className="flex flex-col gap-4">
          <p className="font-semibold">{messages.cart.linesAdded(addedCount(done))}</p>
          <LineResultsTable caption={messages.cart.resultsCaption} results={done} />
          <Link to={paths.cart.href()} className="btn btn-primary self-start">
            {messages.cart.viewCart}
          </Link>
        </section>
      ) : null}
    </div>
  );
}
