import type { ReactNode } from 'react'
import type { IndustryIconName } from '@/content/industries'

// Hand-drawn 24x24 line icons, one per industry key.
const icons: Record<IndustryIconName, ReactNode> = {
  healthcare: (
    <>
      <rect x="3.5" y="3.5" width="17" height="17" rx="4.5" />
      <path d="M12 8v8M8 12h8" />
    </>
  ),
  'real-estate': (
    <>
      <path d="M3.5 11 12 4l8.5 7" />
      <path d="M5.5 9.5V20h13V9.5" />
      <path d="M10 20v-5.5h4V20" />
    </>
  ),
  'home-services': (
    <>
      <rect x="3.5" y="3.5" width="13" height="6" rx="1.5" />
      <path d="M16.5 6.5h3v5h-8.5v3" />
      <rect x="9.5" y="14.5" width="3" height="6" rx="1" />
    </>
  ),
  'professional-services': (
    <>
      <rect x="3" y="7" width="18" height="13" rx="2.5" />
      <path d="M8.5 7V5.5a2 2 0 0 1 2-2h3a2 2 0 0 1 2 2V7" />
      <path d="M3 12.5h18M10.5 12.5v1.5h3v-1.5" />
    </>
  ),
  retail: (
    <>
      <path d="M5 8h14l-1.2 12.5H6.2z" />
      <path d="M9 10.5V7a3 3 0 0 1 6 0v3.5" />
    </>
  ),
  legal: (
    <>
      <path d="M12 4v16M8 20h8M5 7.5h14" />
      <circle cx="12" cy="4.5" r="1" />
      <path d="M5 7.5 2.5 13a2.5 2.5 0 0 0 5 0zM19 7.5 16.5 13a2.5 2.5 0 0 0 5 0z" />
    </>
  ),
  'financial-services': (
    <>
      <path d="M3 9.5 12 4l9 5.5z" />
      <path d="M5.5 11.5v6M10 11.5v6M14 11.5v6M18.5 11.5v6M3 20.5h18" />
    </>
  ),
  automotive: (
    <>
      <path d="M5 16.5H3.8a.8.8 0 0 1-.8-.8v-3.2l2-5a2 2 0 0 1 1.9-1.3h10.2A2 2 0 0 1 19 7.5l2 5v3.2a.8.8 0 0 1-.8.8H19" />
      <path d="M9 16.5h6M4 12h16" />
      <circle cx="7" cy="16.5" r="2" />
      <circle cx="17" cy="16.5" r="2" />
    </>
  ),
  'personal-services': (
    <>
      <circle cx="6.5" cy="7" r="2.8" />
      <circle cx="6.5" cy="17" r="2.8" />
      <path d="M8.8 8.6 20 17.5M8.8 15.4 20 6.5" />
    </>
  ),
}

export function IndustryIcon({ name, className = '' }: { name: IndustryIconName; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      {icons[name]}
    </svg>
  )
}
