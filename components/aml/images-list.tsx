import type { AmlMatchFields } from '@/lib/upstream/schemas'
import { safeHttpUrl } from '@/lib/urls'

type Image = NonNullable<AmlMatchFields['images']>[number]

/** Pictures of the match, loaded only when scrolled to and without telling the host where from. */
export function ImagesList({ images }: { images: readonly Image[] }) {
  return (
    <ul className="flex flex-wrap gap-3">
      {images.map((image, index) => {
        const src = safeHttpUrl(image.url)
        return (
          <li key={index} className="w-32">
            <figure>
              {src ? (
                // eslint-disable-next-line @next/next/no-img-element -- arbitrary upstream hosts; next/image would proxy them
                <img
                  src={src}
                  // The caption below says what it shows; the same words as alt text would be read twice.
                  alt=""
                  loading="lazy"
                  referrerPolicy="no-referrer"
                  className="h-32 w-32 rounded border border-zinc-200 bg-zinc-100 object-cover dark:border-zinc-800 dark:bg-zinc-800"
                />
              ) : (
                <div className="flex h-32 w-32 items-center justify-center rounded border border-dashed border-zinc-300 text-xs text-zinc-500 dark:text-zinc-400">
                  No image
                </div>
              )}
              {image.description && (
                <figcaption className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
                  {image.description}
                </figcaption>
              )}
            </figure>
          </li>
        )
      })}
    </ul>
  )
}
