/** Sizes of the spinner ring, in Tailwind units. */
const sizes = { sm: 'size-5 border-2', md: 'size-8 border-4', lg: 'size-14 border-4' } as const;

/**
 * A spinning ring drawn with borders (no data: URLs, which the Content-Security-Policy may refuse). Purely
 * visual: wrap it in an element with role="status" and a label, as FullScreenSpinner and PageSpinner do.
 */
export function Spinner({ size = 'md' }: { size?: keyof typeof sizes }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-block animate-spin rounded-full border-primary border-t-transparent motion-reduce:animate-[spin_1.5s_linear_infinite] ${sizes[size]}`}
    />
  );
}
