import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Eye, EyeOff, Pencil, Plus, Trash2, UtensilsCrossed } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from '@/web/lib/toast';
import { z } from 'zod';
import { kitchenDishInput, type KitchenDish } from '@/shared/contracts/kitchen-operator';
import { kitchenCopy } from '@/shared/copy';
import { parseMoney } from '@/shared/money';
import { EmptyState } from '@/web/components/layouts/empty-state';
import { PageHeader } from '@/web/components/layouts/page-header';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';
import { ConfirmDialog } from '@/web/components/ui/confirm-dialog';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { FormField, TextAreaField } from '@/web/components/ui/form-field';
import { Label } from '@/web/components/ui/label';
import { Price } from '@/web/components/ui/price';
import { QueryError } from '@/web/components/ui/query-error';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Switch } from '@/web/components/ui/switch';
import { kitchenDishesQuery, useDeleteKitchenDish, useSaveKitchenDish } from '@/web/features/kitchens/api/kitchen-operator';
import { ImageUpload } from '@/web/features/kitchens/components/image-upload';
import { ApiError } from '@/web/lib/api-client';
import { mediaSrc } from '@/web/lib/media';
import { useServerFieldErrors } from '@/web/lib/use-server-field-errors';

const text = kitchenCopy.menu;

/**
 * The API's schema, with the fields as the form edits them: one picture, tags as a comma-separated
 * line, and the price in dollars and cents as every other price field takes it (the API keeps cents).
 */
const dishForm = kitchenDishInput.omit({ images: true, dietaryTags: true, price: true }).extend({
  image: z.string(),
  tags: z.string(),
  price: z.string().transform((value, context) => {
    const cents = parseMoney(value);
    const checked = kitchenDishInput.shape.price.safeParse(cents);
    if (cents !== null && checked.success) return checked.data;
    context.addIssue({ code: 'custom', message: cents === null ? kitchenCopy.menu.fields.priceFormat : checked.error?.issues[0]?.message });
    return z.NEVER;
  }),
});
type FormInput = z.input<typeof dishForm>;
type FormOutput = z.output<typeof dishForm>;

function asInput(dish: KitchenDish, changes: Partial<KitchenDish> = {}) {
  const { id: _id, ...input } = { ...dish, ...changes };
  return input;
}

function DishDialog({ dish, onClose }: { dish?: KitchenDish; onClose: () => void }) {
  const save = useSaveKitchenDish();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(dishForm),
    defaultValues: {
      name: dish?.name ?? '',
      description: dish?.description ?? '',
      menuSection: dish?.menuSection ?? kitchenCopy.menu.fields.defaultSection,
      price: dish ? (dish.price / 100).toFixed(2) : '',
      image: dish?.images[0] ?? '',
      available: dish?.available ?? true,
      hidden: dish?.hidden ?? false,
      tags: dish?.dietaryTags.join(', ') ?? '',
    },
  });
  useServerFieldErrors(save.error, form.setError);
  const { errors } = form.formState;
  const serverTagError = save.error instanceof ApiError ? Object.entries(save.error.fields ?? {}).find(([key]) => key.startsWith('dietaryTags'))?.[1] : undefined;
  const f = text.fields;

  function submit({ image, tags, ...values }: FormOutput) {
    const input = {
      ...values,
      images: image ? [image, ...(dish?.images.slice(1) ?? [])] : [],
      dietaryTags: tags.split(',').map((tag) => tag.trim()).filter(Boolean),
    };
    save.mutate(
      { id: dish?.id, input },
      {
        onSuccess: (saved) => {
          toast.success(text.saved(saved.name));
          onClose();
        },
      },
    );
  }

  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{dish ? text.editTitle(dish.name) : text.newTitle}</DialogTitle>
          <DialogDescription>{text.dishText}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" noValidate aria-label={dish ? text.editTitle(dish.name) : text.newTitle} onSubmit={form.handleSubmit(submit)}>
          <FormField label={f.name} error={errors.name?.message} {...form.register('name')} />
          <TextAreaField label={f.description} rows={3} error={errors.description?.message} {...form.register('description')} />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label={f.menuSection} error={errors.menuSection?.message} {...form.register('menuSection')} />
            <FormField label={f.price} inputMode="decimal" error={errors.price?.message} {...form.register('price')} />
          </div>
          <Controller
            control={form.control}
            name="image"
            render={({ field }) => <ImageUpload label={f.image} value={field.value} onChange={field.onChange} error={save.error instanceof ApiError ? save.error.fields?.['images.0'] : undefined} />}
          />
          <FormField label={f.dietaryTags} placeholder={kitchenCopy.dietaryTagsPlaceholder} error={errors.tags?.message ?? serverTagError} {...form.register('tags')} />
          <div className="flex flex-wrap gap-6">
            <Label className="flex min-h-10 items-center gap-2">
              <input type="checkbox" className="size-5 accent-primary" {...form.register('available')} />
              {f.available}
            </Label>
            <Label className="flex min-h-10 items-center gap-2">
              <input type="checkbox" className="size-5 accent-primary" {...form.register('hidden')} />
              {f.hidden}
            </Label>
          </div>
          <div className="flex gap-2">
            <Button type="submit" busy={save.isPending}>
              {text.save}
            </Button>
            <Button type="button" variant="outline" onClick={onClose}>
              {text.cancel}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function DishCard({ dish, onEdit }: { dish: KitchenDish; onEdit: () => void }) {
  const save = useSaveKitchenDish();
  const remove = useDeleteKitchenDish();
  const change = (changes: Partial<KitchenDish>) => save.mutate({ id: dish.id, input: asInput(dish, changes) });
  return (
    <Card className={dish.hidden ? 'opacity-70' : undefined}>
      <CardContent className="flex flex-wrap items-center gap-3 p-4">
        {dish.images[0] ? <img src={mediaSrc(dish.images[0])} alt="" className="size-16 rounded-md border object-cover" /> : null}
        <div className="grid min-w-[12rem] flex-1 gap-1">
          <p className="font-semibold break-words">{dish.name}</p>
          <p className="text-sm text-muted-foreground">
            {dish.menuSection} · <Price amount={dish.price} />
          </p>
          <div className="flex flex-wrap gap-1">
            {dish.hidden ? <Badge>{text.hidden}</Badge> : null}
            {dish.dietaryTags.map((tag) => (
              <Badge key={tag} tone="success">
                {tag}
              </Badge>
            ))}
          </div>
        </div>
        <label className="flex min-h-10 items-center gap-2 text-sm">
          <Switch className="size-5" checked={dish.available} busy={save.isPending} onCheckedChange={(available) => change({ available })} aria-label={text.available(dish.name)} />
          {text.columns.available}
        </label>
        <div className="flex gap-1">
          <Button variant="ghost" size="icon" className="size-10" aria-label={text.edit(dish.name)} onClick={onEdit}>
            <Pencil />
          </Button>
          <Button variant="ghost" size="icon" className="size-10" aria-label={dish.hidden ? text.show(dish.name) : text.hide(dish.name)} busy={save.isPending} onClick={() => change({ hidden: !dish.hidden })}>
            {dish.hidden ? <Eye /> : <EyeOff />}
          </Button>
          <ConfirmDialog
            trigger={
              <Button variant="ghost" size="icon" className="size-10" aria-label={text.remove(dish.name)}>
                <Trash2 />
              </Button>
            }
            title={text.removeTitle(dish.name)}
            description={text.removeText}
            confirmLabel={text.remove(dish.name)}
            destructive
            onConfirm={async () => {
              await remove.mutateAsync(dish.id);
              toast.success(text.removed(dish.name));
            }}
          />
        </div>
      </CardContent>
    </Card>
  );
}

export function KitchenMenuEditorPage() {
  const dishes = useQuery(kitchenDishesQuery);
  const [editing, setEditing] = useState<KitchenDish | 'new' | null>(null);

  let body;
  if (dishes.isPending) body = <Skeleton className="h-64 w-full" aria-label={kitchenCopy.loading} />;
  else if (dishes.isError && dishes.error instanceof ApiError && dishes.error.status === 404)
    body = <EmptyState icon={UtensilsCrossed} title={kitchenCopy.dashboard.noKitchen}>{kitchenCopy.dashboard.noKitchenText}</EmptyState>;
  else if (dishes.isError) body = <QueryError title={text.loadFailed} error={dishes.error} onRetry={() => void dishes.refetch()} />;
  else if (dishes.data.length === 0) body = <EmptyState icon={UtensilsCrossed} title={text.empty} />;
  else
    body = (
      <ul className="grid gap-3" aria-label={text.title}>
        {dishes.data.map((dish) => (
          <li key={dish.id}>
            <DishCard dish={dish} onEdit={() => setEditing(dish)} />
          </li>
        ))}
      </ul>
    );

  return (
    <div>
      <PageHeader
        title={text.title}
        description={text.description}
        actions={
          <Button onClick={() => setEditing('new')}>
            <Plus aria-hidden /> {text.add}
          </Button>
        }
      />
      {body}
      {editing ? <DishDialog dish={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}
