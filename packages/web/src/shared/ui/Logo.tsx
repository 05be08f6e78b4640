/** The MarketLens mark: a lens over rising bars. */
export function Logo({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#1677ff" />
      <rect x="7" y="17" width="3.5" height="8" rx="1" fill="#fff" opacity="0.75" />
      <rect x="12.5" y="13" width="3.5" height="12" rx="1" fill="#fff" opacity="0.85" />
      <rect x="18" y="9" width="3.5" height="16" rx="1" fill="#fff" />
      <circle cx="21.5" cy="11.5" r="5" fill="none" stroke="#ffd666" strokeWidth="2" />
      <path d="M25 15l3 3" stroke="#ffd666" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  );
}
