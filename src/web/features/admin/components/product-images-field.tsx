import { ArrowLeft, ArrowRight, ImagePlus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/web/components/ui/button';
import { CatalogImage } from '@/web/components/ui/catalog-image';
import { ApiError } from '@/web/lib/api-client';
import { uploadImage } from '../api/catalog';
import { catalogEditorCopy } from '@/shared/staff-copy';

/**
 * A product's photos, the first one its main picture: upload (the server checks it is an image and
 * not too large, and its refusal shows here), preview, reorder and remove. Without any, `drawnPicture`
 * (what shoppers see of a saved product that has no photo) shows apart: it is none of the photos.
 */
export function ProductImagesField({ images, drawnPicture, onChange, error }: { images: string[]; drawnPicture?: string; onChange: (images: string[]) => void; error?: string }) {
  const inputId = useId();
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const message = uploadError ?? error;

  async function upload(files: FileList | null) {
    const file = files?.[0];
    if (!file) return;
    setUploading(true);
    setUploadError(null);
    try {
      const stored = await uploadImage(file);
      onChange([...images, stored.url]);
    } catch (failure) {
      setUploadError(failure instanceof ApiError ? (failure.fields?.file ?? failure.message) : catalogEditorCopy.images.uploadFailed);
    } finally {
      setUploading(false);
    }
  }

  const move = (from: number, to: number) => {
    const next = [...images];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    onChange(next);
  };

  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">{catalogEditorCopy.images.legend}</legend>
      {images.length === 0 && drawnPicture ? (
        <figure className="flex items-center gap-3">
          <CatalogImage src={drawnPicture} alt={catalogEditorCopy.images.drawnAlt} className="size-20 rounded-md border" />
          <figcaption className="text-sm text-muted-foreground">{catalogEditorCopy.images.drawn}</figcaption>
        </figure>
      ) : null}
      {images.length === 0 && !drawnPicture ? <p className="text-sm text-muted-foreground">{catalogEditorCopy.images.none}</p> : null}
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label={catalogEditorCopy.images.label}>
        {images.map((url, index) => (
          <li key={url} className="grid gap-1 rounded-lg border p-2">
            <CatalogImage src={url} alt={`Image ${index + 1}${index === 0 ? ' (main)' : ''}`} className="aspect-square w-full rounded-md" />
            <div className="flex justify-between gap-1">
              <Button type="button" variant="ghost" size="icon" className="size-10" aria-label={catalogEditorCopy.images.moveEarlier(index + 1)} disabled={index === 0} onClick={() => move(index, index - 1)}>
                <ArrowLeft aria-hidden />
              </Button>
              <Button type="button" variant="ghost" size="icon" className="size-10" aria-label={catalogEditorCopy.images.remove(index + 1)} onClick={() => onChange(images.filter((_, other) => other !== index))}>
                <Trash2 aria-hidden />
              </Button>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-10"
                aria-label={catalogEditorCopy.images.moveLater(index + 1)}
                disabled={index === images.length - 1}
                onClick={() => move(index, index + 1)}
              >
                <ArrowRight aria-hidden />
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <div>
        <label
          htmlFor={inputId}
          className="inline-flex h-10 cursor-pointer items-center gap-2 rounded-md border bg-background px-4 text-sm font-medium shadow-xs hover:bg-accent has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50"
        >
          <ImagePlus className="size-4" aria-hidden />
          {uploading ? catalogEditorCopy.images.uploading : catalogEditorCopy.images.add}
          <input
            id={inputId}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="sr-only"
            disabled={uploading}
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? `${inputId}-message` : `${inputId}-hint`}
            onChange={(event) => {
              void upload(event.target.files);
              event.target.value = '';
            }}
          />
        </label>
      </div>
      {message ? (
        <p id={`${inputId}-message`} role="alert" className="text-sm text-destructive">
          {message}
        </p>
      ) : (
        <p id={`${inputId}-hint`} className="text-sm text-muted-foreground">
          JPEG, PNG or WebP, at most 5 MB.
        </p>
      )}
    </fieldset>
  );
}
