import { useState } from 'react';
import { cn } from '@/web/lib/cn';
import { CatalogImage } from '@/web/components/ui/catalog-image';
import { copy } from '@/shared/copy';

/** The product's pictures: one large, the others as thumbnails to switch to. */
export function ProductGallery({ images, name }: { images: string[]; name: string }) {
  const [selected, setSelected] = useState(0);
  const current = images[Math.min(selected, images.length - 1)] ?? null;
  return (
    <div className="grid gap-3">
      <div className="overflow-hidden rounded-2xl border bg-muted">
        <CatalogImage
          src={current}
          alt={images.length > 1 ? `${name}, image ${selected + 1} of ${images.length}` : name}
          loading="eager"
          className="aspect-square w-full"
        />
      </div>
      {images.length > 1 ? (
        <ul aria-label={copy.catalog.images} className="flex gap-2 overflow-x-auto pb-1">
          {images.map((image, index) => (
            <li key={`${image}-${index}`} className="shrink-0">
              <button
                type="button"
                aria-label={copy.catalog.showImage(index + 1, images.length)}
                aria-pressed={index === selected}
                onClick={() => setSelected(index)}
                className={cn(
                  'block size-16 overflow-hidden rounded-lg border-2 transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:size-20',
                  index === selected ? 'border-primary' : 'border-transparent opacity-75 hover:opacity-100',
                )}
              >
                <CatalogImage src={image} alt="" className="size-full" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
