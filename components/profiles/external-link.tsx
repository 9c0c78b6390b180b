import { CopyButton } from '@/components/ui/copy-button'
import { NoValue } from '@/components/ui/no-value'
import { safeHttpUrl } from '@/lib/util/urls'

/**
 * An upstream URL shown as text, opened in a new tab without a referrer. Only http(s) URLs become
 * links, so a `javascript:` value stays inert text.
 */
export function ExternalLink({ url, label }: { url: string | null | undefined; label: string }) {
  if (!url) return <NoValue />
  const href = safeHttpUrl(url)
  return (
    <span className="inline-flex max-w-full min-w-0 items-center gap-1">
      {href ? (
        <a
          href={href}
          target="_blank"
          rel="noreferrer noopener"
          className="min-w-0 font-mono text-xs break-all text-link hover:underline"
        >
          {url}
        </a>
      ) : (
        <span className="min-w-0 font-mono text-xs break-all">{url}</span>
      )}
      <CopyButton value={url} label={label} />
    </span>
  )
}
