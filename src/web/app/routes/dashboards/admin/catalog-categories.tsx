import { useQuery } from '@tanstack/react-query';
import { Pencil, Plus } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { categoryInput, subcategoryInput, type AdminCategory, type AdminSubcategory } from '@/shared/contracts/catalog-admin';
import { Button } from '@/web/components/ui/button';
import { FormField } from '@/web/components/ui/form-field';
import { Label } from '@/web/components/ui/label';
import { NativeSelect } from '@/web/components/ui/native-select';
import { ListState } from '@/web/components/ui/list-state';
import { adminCategoriesQuery, useSaveCategory, useSaveSubcategory } from '@/web/features/admin/api/catalog';
import { freshSubmit, validateWith } from '@/web/features/admin/components/catalog-form-helpers';
import { CatalogTabs } from '@/web/features/admin/components/catalog-tabs';
import { EditorDialog } from '@/web/features/admin/components/editor-dialog';
import { useServerFieldErrors } from '@/web/lib/use-server-field-errors';
import { DashboardPage } from '../dashboard-page';

const whole = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

function CategoryForm({ category, nextPosition, onDone }: { category?: AdminCategory; nextPosition: number; onDone: () => void }) {
  const save = useSaveCategory();
  const form = useForm({ defaultValues: { name: category?.name ?? '', description: category?.description ?? '', sortOrder: String(category?.sortOrder ?? nextPosition) } });
  useServerFieldErrors(save.error, form.setError);
  const { errors } = form.formState;
  return (
    <form
      className="grid gap-4"
      noValidate
      aria-label={category ? 'Edit category' : 'New category'}
      onSubmit={freshSubmit(form, (values) => {
        const input = validateWith(categoryInput, { ...values, sortOrder: whole(values.sortOrder) }, form.setError);
        if (input) save.mutate({ id: category?.id, input }, { onSuccess: onDone });
      })}
    >
      <FormField label="Name" error={errors.name?.message} {...form.register('name')} />
      <FormField label="Description" error={errors.description?.message} {...form.register('description')} />
      <FormField label="Position" hint="Lower comes first in the shop." inputMode="numeric" error={errors.sortOrder?.message} {...form.register('sortOrder')} />
      <Button type="submit" size="lg" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save category'}
      </Button>
    </form>
  );
}

function SubcategoryForm({ categories, categoryId, subcategory, onDone }: { categories: AdminCategory[]; categoryId: string; subcategory?: AdminSubcategory; onDone: () => void }) {
  const save = useSaveSubcategory();
  const categoryFieldId = useId();
  const siblings = categories.find((category) => category.id === categoryId)?.subcategories.length ?? 0;
  const form = useForm({ defaultValues: { categoryId, name: subcategory?.name ?? '', sortOrder: String(subcategory?.sortOrder ?? siblings) } });
  useServerFieldErrors(save.error, form.setError);
  const { errors } = form.formState;
  return (
    <form
      className="grid gap-4"
      noValidate
      aria-label={subcategory ? 'Edit subcategory' : 'New subcategory'}
      onSubmit={freshSubmit(form, (values) => {
        const input = validateWith(subcategoryInput, { ...values, sortOrder: whole(values.sortOrder) }, form.setError);
        if (input) save.mutate({ id: subcategory?.id, input }, { onSuccess: onDone });
      })}
    >
      <div className="grid gap-1.5">
        <Label htmlFor={categoryFieldId}>Category</Label>
        <NativeSelect id={categoryFieldId} {...form.register('categoryId')}>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </NativeSelect>
      </div>
      <FormField label="Name" error={errors.name?.message} {...form.register('name')} />
      <FormField label="Position" hint="Lower comes first in its category." inputMode="numeric" error={errors.sortOrder?.message} {...form.register('sortOrder')} />
      <Button type="submit" size="lg" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save subcategory'}
      </Button>
    </form>
  );
}

export function CatalogCategoriesPage() {
  const categories = useQuery(adminCategoriesQuery);
  const all = categories.data ?? [];
  return (
    <DashboardPage title="Catalog" description="Categories and subcategories, in the order the shop shows them.">
      <CatalogTabs />
      <div>
        <EditorDialog
          trigger={
            <Button size="lg">
              <Plus aria-hidden /> New category
            </Button>
          }
          title="New category"
          description="Shoppers browse the shop by category."
        >
          {(done) => <CategoryForm nextPosition={all.length} onDone={done} />}
        </EditorDialog>
      </div>
      <ListState query={categories} items={(all) => all} what="categories" errorTitle="The categories could not be loaded" empty="There are no categories yet." skeleton={{ rows: 3, className: 'h-14' }}>
        {(list) => (
          <ol className="grid min-w-0 grid-cols-1 gap-3" aria-label="Categories">
            {list.map((category) => (
              <li key={category.id} className="grid gap-2 rounded-lg border p-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <div className="min-w-0">
                    <h2 className="font-semibold">
                      <span className="mr-2 text-muted-foreground tabular-nums">{category.sortOrder}.</span>
                      {category.name}
                    </h2>
                    <p className="text-xs text-muted-foreground">
                      {category.productCount} product{category.productCount === 1 ? '' : 's'} · /{category.slug}
                    </p>
                  </div>
                  <div className="flex gap-1">
                    <EditorDialog
                      trigger={
                        <Button variant="outline" size="icon" className="size-10" aria-label={`Edit ${category.name}`}>
                          <Pencil aria-hidden />
                        </Button>
                      }
                      title={`Edit ${category.name}`}
                      description="Its name, description and position."
                    >
                      {(done) => <CategoryForm category={category} nextPosition={category.sortOrder} onDone={done} />}
                    </EditorDialog>
                    <EditorDialog
                      trigger={
                        <Button variant="outline" size="icon" className="size-10" aria-label={`Add a subcategory to ${category.name}`}>
                          <Plus aria-hidden />
                        </Button>
                      }
                      title={`New subcategory of ${category.name}`}
                      description="Subcategories are the aisles within a category."
                    >
                      {(done) => <SubcategoryForm categories={list} categoryId={category.id} onDone={done} />}
                    </EditorDialog>
                  </div>
                </div>
                {category.subcategories.length > 0 ? (
                  <ol className="flex flex-wrap gap-2" aria-label={`Subcategories of ${category.name}`}>
                    {category.subcategories.map((subcategory) => (
                      <li key={subcategory.id}>
                        <EditorDialog
                          trigger={
                            <Button variant="secondary" size="lg" aria-label={`Edit subcategory ${subcategory.name}`}>
                              {subcategory.name}
                              <Pencil className="size-3" aria-hidden />
                            </Button>
                          }
                          title={`Edit ${subcategory.name}`}
                          description="Its name, category and position."
                        >
                          {(done) => <SubcategoryForm categories={list} categoryId={category.id} subcategory={subcategory} onDone={done} />}
                        </EditorDialog>
                      </li>
                    ))}
                  </ol>
                ) : (
                  <p className="text-sm text-muted-foreground">No subcategories.</p>
                )}
              </li>
            ))}
          </ol>
        )}
      </ListState>
    </DashboardPage>
  );
}
