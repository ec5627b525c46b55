import { orderCopy } from '@/shared/copy';

/** The picture a customer sent with a return request, shown back to them as support sees it; a tap opens it full size. */
export function ReturnPhoto({ url }: { url: string | null }) {
  if (!url) return null;
  return (
    <a href={url} target="_blank" rel="noreferrer" className="w-fit">
      <img src={url} alt={orderCopy.detail.returnPhoto} className="max-h-40 max-w-full rounded-md border object-contain" />
    </a>
  );
}
