/** One page of a list (docs/design.md "API": no call returns an unbounded table): its rows and the total count. */
export interface Page<T> {
  items: T[];
  /** How many rows the whole list has (sent as X-Total-Count). */
  total: number;
}
