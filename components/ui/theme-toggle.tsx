'use client'

import type { ReactNode } from 'react'

import { setThemeChoice, useThemeChoice, type ThemeChoice } from '@/components/ui/theme-store'
import { ToggleGroup, type ToggleOption } from '@/components/ui/toggle-group'

const icons: { value: ThemeChoice; label: string; icon: ReactNode }[] = [
  {
    value: 'light',
    label: 'Light',
    icon: (
      <>
        <circle cx="8" cy="8" r="3" />
        <path d="M8 1.5v1.5M8 13v1.5M1.5 8H3M13 8h1.5M3.4 3.4l1 1M11.6 11.6l1 1M3.4 12.6l1-1M11.6 4.4l1-1" />
      </>
    ),
  },
  {
    value: 'dark',
    label: 'Dark',
    icon: <path d="M13 9.5A5.5 5.5 0 0 1 6.5 3a5.5 5.5 0 1 0 6.5 6.5Z" />,
  },
  {
    value: 'system',
    label: 'System',
    icon: (
      <>
        <rect x="2" y="3" width="12" height="8" rx="1" />
        <path d="M6 14h4M8 11v3" />
      </>
    ),
  },
]

const options: ToggleOption<ThemeChoice>[] = icons.map(({ value, label, icon }) => ({
  value,
  label: `${label} theme`,
  title: `${label} theme`,
  content: (
    <svg
      viewBox="0 0 16 16"
      aria-hidden="true"
      className="size-3.5"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {icon}
    </svg>
  ),
}))

/** Light, dark, or whatever the system uses; the choice is kept in this browser. */
export function ThemeToggle() {
  return (
    <ToggleGroup
      label="Theme"
      options={options}
      value={useThemeChoice()}
      onChange={setThemeChoice}
      buttonClassName="p-1"
    />
  )
}
