import * as css from "./Logo.css.ts";

/** The product mark: an inline SVG bubble and the name (no remote assets). */
export function Logo({ size = 28, showName = true }: { size?: number; showName?: boolean }) {
  return (
    <span className={css.logo}>
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="currentColor" opacity="0.18" />
        <path d="M7 9h18v12H14l-5 4v-4H7z" fill="currentColor" />
        <circle cx="12" cy="15" r="1.6" fill="#2979FF" />
        <circle cx="16" cy="15" r="1.6" fill="#2979FF" />
        <circle cx="20" cy="15" r="1.6" fill="#2979FF" />
      </svg>
      {showName ? <span className={css.name} style={{ fontSize: size * 0.7 }}>Inbox</span> : null}
    </span>
  );
}
