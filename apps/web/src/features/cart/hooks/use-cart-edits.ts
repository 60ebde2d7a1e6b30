import type { CartLine } from '@partsforge/shared/cart';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSetCartLine } from '../api/set-cart-line';
import { quantityReason } from '../quantity-reason';

/** How long a typed quantity must stay unchanged before it is saved, in milliseconds. */
export const SAVE_DELAY_MS = 400;

/**
 * Where a line's quantity field stands: 'saved' (the cart holds what it shows), 'unsaved' (a valid quantity waiting
 * for its save or being saved), 'invalid' (a broken rule, a refused save, or the server's problem with the line).
 */
export type LineEditStatus = 'saved' | 'unsaved' | 'invalid';

/** One line's quantity field as the buyer sees it. */
export interface LineEdit {
  /** What the field shows. */
  text: string;
  /** The quantity typed, when it differs from the cart's (NaN when it is not a number). */
  typed: number | null;
  /** Why the line cannot be ordered as it is shown, or null. */
  reason: string | null;
  status: LineEditStatus;
}

/** The cart page's quantity fields and their saving. */
export interface CartEdits {
  lineEdit: (line: CartLine) => LineEdit;
  change: (line: CartLine, text: string) => void;
  /** Whether a line is invalid (Checkout refuses), or waits to be saved (Checkout saves it first). */
  anyInvalid: boolean;
  anyUnsaved: boolean;
  /**
   * Saves every valid unsaved quantity now (no waiting for SAVE_DELAY_MS) and waits for the saves under way; true
   * when all of them were saved and no line is invalid.
   */
  flush: () => Promise<boolean>;
}

const parseQuantity = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** `record` without `key` (the same object when it has no such key). */
function without<T>(record: Readonly<Record<string, T>>, key: string): Readonly<Record<string, T>> {
  if (!(key in record)) return record;
  const copy = { ...record };
  delete copy[key];
  return copy;
}

/**
 * The quantities typed on the cart page (docs/requirements.md §11 "Cart"): each is checked as the buyer types (the
 * shared quantity rules), and a valid one is saved once it has stayed unchanged for SAVE_DELAY_MS. Until the cart
 * holds it the line says it is not saved; a refused save says why. `flush` lets Checkout save what is pending first,
 * so it never orders a quantity the buyer already changed. A quantity changed from elsewhere (another tab, a
 * refetch) shows unless the buyer is typing on that line, and is never overwritten by a stale value.
 */
export function useCartEdits(lines: readonly CartLine[]): CartEdits {
  const [drafts, setDrafts] = useState<Readonly<Record<string, string>>>({});
  const [errors, setErrors] = useState<Readonly<Record<string, string>>>({});
  const { mutateAsync } = useSetCartLine();
  const timers = useRef(new Map<string, { timer: ReturnType<typeof setTimeout>; run: () => void }>());
  /** The save under way of each line: the quantity sent and whether it was saved. */
  const saves = useRef(new Map<string, { quantity: number; done: Promise<boolean> }>());

  const save = useCallback(
    (partId: string, quantity: number): Promise<boolean> => {
      const waiting = timers.current.get(partId);
      if (waiting) clearTimeout(waiting.timer);
      timers.current.delete(partId);
      const run = mutateAsync({ partId, quantity }).then(
        () => {
          setErrors((current) => without(current, partId));
          // The saved quantity shows from the cart now, unless the buyer has typed on since.
          setDrafts((current) =>
            current[partId] !== undefined && parseQuantity(current[partId]) === quantity
              ? without(current, partId)
              : current,
          );
          return true;
        },
        (error: unknown) => {
          setErrors((current) => ({
            ...current,
            [partId]: error instanceof Error ? error.message : String(error),
          }));
          return false;
        },
      );
      saves.current.set(partId, { quantity, done: run });
      void run.finally(() => {
        if (saves.current.get(partId)?.done === run) saves.current.delete(partId);
      });
      return run;
    },
    [mutateAsync],
  );

  // Leaving the page saves what is waiting for its delay, as the delay would have.
  useEffect(() => {
    const waiting = timers.current;
    return () => {
      for (const { timer, run } of waiting.values()) {
        clearTimeout(timer);
        run();
      }
      waiting.clear();
    };
  }, []);

  const lineEdit = (line: CartLine): LineEdit => {
    const draft = drafts[line.partId];
    const quantity = draft === undefined ? line.quantity : parseQuantity(draft);
    const changed = quantity !== line.quantity;
    const reason =
      (changed ? quantityReason(quantity, line) : null) ??
      errors[line.partId] ??
      (changed ? null : line.problem);
    return {
      text: draft ?? String(line.quantity),
      typed: changed ? quantity : null,
      reason,
      status: reason ? 'invalid' : changed ? 'unsaved' : 'saved',
    };
  };

  const change = (line: CartLine, text: string) => {
    const { partId } = line;
    setDrafts((current) => ({ ...current, [partId]: text }));
    setErrors((current) => without(current, partId));
    const waiting = timers.current.get(partId);
    if (waiting) clearTimeout(waiting.timer);
    timers.current.delete(partId);
    const quantity = parseQuantity(text);
    if (quantity === line.quantity || quantityReason(quantity, line) !== null) return;
    const run = () => void save(partId, quantity);
    timers.current.set(partId, { timer: setTimeout(run, SAVE_DELAY_MS), run });
  };

  const edits = lines.map(lineEdit);
  const anyInvalid = edits.some((edit) => edit.status === 'invalid');
  const anyUnsaved = edits.some((edit) => edit.status === 'unsaved');

  const flush = async () => {
    const pending = lines.flatMap((line, index) => {
      const edit = edits[index]!;
      if (edit.status !== 'unsaved' || edit.typed === null) return [];
      const underWay = saves.current.get(line.partId);
      return [underWay?.quantity === edit.typed ? underWay.done : save(line.partId, edit.typed)];
    });
    const others = [...saves.current.values()].map(({ done }) => done);
    const results = await Promise.all([...pending, ...others]);
    return !anyInvalid && results.every(Boolean);
  };

  return { lineEdit, change, anyInvalid, anyUnsaved, flush };
}
