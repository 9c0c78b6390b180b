import { riskTone } from '@/lib/aml/risk'

const tones = {
  red: 'text-red-700 dark:text-red-300',
  amber: 'text-amber-700 dark:text-amber-300',
  green: 'text-emerald-700 dark:text-emerald-300',
  neutral: 'text-zinc-700 dark:text-zinc-300',
} as const

/** `High risk` in the colour of its level; an unknown level shows as sent, uncoloured. */
export function RiskLevel({ level }: { level: string }) {
  return <span className={`font-medium ${tones[riskTone(level)]}`}>{level} risk</span>
}
