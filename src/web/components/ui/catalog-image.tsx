import { ImageOff } from 'lucide-react';
import { mediaSrc } from '@/web/lib/media';
import { cn } from '@/web/lib/cn';

/**
 * A catalog image from a server path, with a quiet placeholder when there is none. `priority="high"` is for a
 * picture at the top of the page: loaded at once and ahead of the others, not when the browser gets to it.
 */
export function CatalogImage({
  src,
  alt,
  className,
  loading,
  priority,
}: {
  src: string | null | undefined;
  alt: string;
  className?: string;
  loading?: 'lazy' | 'eager';
  priority?: 'high';
}) {
  const url = mediaSrc(src);
  if (!url) {
    return (
      <div role={alt ? 'img' : undefined} aria-label={alt || undefined} className={cn('flex items-center justify-center bg-muted text-muted-foreground', className)}>
        <ImageOff className="size-8" aria-hidden />
      </div>
    );
  }
  return (
    <img
      src={url}
      alt={alt}
      loading={loading ?? (priority === 'high' ? 'eager' : 'lazy')}
      fetchPriority={priority}
      decoding="async"
      className={cn('block bg-muted object-cover', className)}
    />
  );
}
