const STAR = 'M12 2.4 L14.53 9.12 L21.7 9.45 L16.09 13.93 L18 20.85 L12 16.9 L6 20.85 L7.91 13.93 L2.3 9.45 L9.47 9.12Z'
const STEP = 23

/** Five decorative stars in one inline SVG; the rating itself is always stated in text nearby. */
export function StarRow({ size = 16, className = '' }: { size?: number; className?: string }) {
  const width = STEP * 4 + 24
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox={`0 0 ${width} 24`}
      width={(size * width) / 24}
      height={size}
      fill="currentColor"
      className={`shrink-0 ${className}`}
    >
      {[0, 1, 2, 3, 4].map((i) => (
        <path key={i} d={STAR} transform={`translate(${i * STEP} 0)`} />
      ))}
    </svg>
  )
}
