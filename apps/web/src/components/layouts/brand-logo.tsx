/** The gear mark of the shop (decorative: the shop name is always next to it). */
export function BrandLogo({ className = 'size-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" focusable="false" className={className}>
      <rect width="64" height="64" rx="14" fill="#1e3a8a" />
      <g fill="#fbbf24">
        {[0, 45, 90, 135, 180, 225, 270, 315].map((angle) => (
          <rect key={angle} x="28" y="7" width="8" height="12" rx="2" transform={`rotate(${angle} 32 32)`} />
        ))}
        <circle cx="32" cy="32" r="16" />
      </g>
      <circle cx="32" cy="32" r="7" fill="#1e3a8a" />
    </svg>
  );
}
