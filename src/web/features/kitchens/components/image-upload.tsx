import { ImageUp, X } from 'lucide-react';
import { useId, useState } from 'react';
import { kitchenCopy } from '@/shared/copy';
import { Button } from '@/web/components/ui/button';
import { Label } from '@/web/components/ui/label';
import { mediaSrc } from '@/web/lib/media';
import { uploadImage } from '../api/kitchen-operator';

const text = kitchenCopy.upload;

/** Uploads a picture to our storage and hands back where it is served; shows it, and lets it go. */
export function ImageUpload({ label, value, onChange, error }: { label: string; value: string; onChange(url: string): void; error?: string }) {
  const id = useId();
  const [uploading, setUploading] = useState(false);
  const [failure, setFailure] = useState<string>();
  const message = failure ?? error;

  async function choose(file: File | undefined) {
    if (!file) return;
    setUploading(true);
    setFailure(undefined);
    try {
      onChange((await uploadImage(file)).url);
    } catch (cause) {
      setFailure(cause instanceof Error && cause.message ? cause.message : text.failed);
    } finally {
      setUploading(false);
    }
  }

  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex flex-wrap items-center gap-3">
        {value ? <img src={mediaSrc(value)} alt="" className="size-20 rounded-md border object-cover" /> : null}
        <label
          htmlFor={id}
          className="inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-md border px-3 text-sm font-medium hover:bg-accent has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50"
        >
          <ImageUp className="size-4" aria-hidden />
          {uploading ? text.uploading : text.choose}
          <input
            id={id}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="sr-only"
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? `${id}-message` : undefined}
            disabled={uploading}
            onChange={(event) => {
              void choose(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
        </label>
        {value ? (
          <Button type="button" variant="ghost" size="icon" aria-label={text.remove} onClick={() => onChange('')}>
            <X />
          </Button>
        ) : null}
      </div>
      {message ? (
        <p id={`${id}-message`} role="alert" className="text-sm text-destructive">
          {message}
        </p>
      ) : null}
    </div>
  );
}
