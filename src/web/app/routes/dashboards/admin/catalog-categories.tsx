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
import { catalogEditorCopy } from '@/shared/staff-copy';

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
      aria-label={category ? catalogEditorCopy.categoriesPage.edit : catalogEditorCopy.categoriesPage.new}
      onSubmit={freshSubmit(form, (values) => {
        const input = validateWith(categoryInput, { ...values, sortOrder: whole(values.sortOrder) }, form.setError);
        if (input) save.mutate({ id: category?.id, input }, { onSuccess: onDone });
      })}
    >
      <FormField label={catalogEditorCopy.common.name} error={errors.name?.message} {...form.register('name')} />
      <FormField label={catalogEditorCopy.common.description} error={errors.description?.message} {...form.register('description')} />
      <FormField label={catalogEditorCopy.common.position} hint={catalogEditorCopy.categoriesPage.positionHint} inputMode="numeric" error={errors.sortOrder?.message} {...form.register('sortOrder')} />
      <Button type="submit" size="lg" busy={save.isPending}>
        {save.isPending ? catalogEditorCopy.common.saving : catalogEditorCopy.categoriesPage.save}
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
      aria-label={subcategory ? catalogEditorCopy.categoriesPage.editSubcategoryLabel : catalogEditorCopy.categoriesPage.newSubcategory}
      onSubmit={freshSubmit(form, (values) => {
        const input = validateWith(subcategoryInput, { ...values, sortOrder: whole(values.sortOrder) }, form.setError);
        if (input) save.mutate({ id: subcategory?.id, input }, { onSuccess: onDone });
      })}
    >
      <div className="grid gap-1.5">
        <Label htmlFor={categoryFieldId}>{catalogEditorCopy.common.category}</Label>
        <NativeSelect id={categoryFieldId} {...form.register('categoryId')}>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </NativeSelect>
      </div>
      <FormField label={catalogEditorCopy.common.name} error={errors.name?.message} {...form.register('name')} />
      <FormField label={catalogEditorCopy.common.position} hint={catalogEditorCopy.categoriesPage.subcategoryPositionHint} inputMode="numeric" error={errors.sortOrder?.message} {...form.register('sortOrder')} />
      <Button type="submit" size="lg" busy={save.isPending}>
        {save.isPending ? catalogEditorCopy.common.saving : catalogEditorCopy.categoriesPage.saveSubcategory}
      </Button>
    </form>
  );
}

export function CatalogCategoriesPage() {
  const categories = useQuery(adminCategoriesQuery);
  const all = categories.data ?? [];
  return (
    <DashboardPage title={catalogEditorCopy.common.catalog} description={catalogEditorCopy.categoriesPage.description}>
      <CatalogTabs />
      <div>
        <EditorDialog
          trigger={
            <Button size="lg">
              <Plus aria-hidden /> {catalogEditorCopy.categoriesPage.new}
            </Button>
          }
          title={catalogEditorCopy.categoriesPage.new}
          description={catalogEditorCopy.categoriesPage.createDescription}
        >
          {(done) => <CategoryForm nextPosition={all.length} onDone={done} />}
        </EditorDialog>
      </div>
      <ListState query={categories} items={(all) => all} what={catalogEditorCopy.categoriesPage.what} errorTitle={catalogEditorCopy.categoriesPage.loadError} empty={catalogEditorCopy.categoriesPage.empty} skeleton={{ rows: 3, className: 'h-14' }}>
        {(list) => (
          <ol className="grid min-w-0 grid-cols-1 gap-3" aria-label={catalogEditorCopy.categoriesPage.label}>
            {list.map((category) => (
              <li key={category.id} className="grid gap-2 rounded-lg border p-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <div className="min-w-0">
                    <h2 className="font-semibold">
                      <span className="mr-2 text-muted-foreground tabular-nums">{category.sortOrder}.</span>
                      {category.name}
                    </h2>
                    <p className="text-xs text-muted-foreground">
                      {catalogEditorCopy.categoriesPage.products(category.productCount, category.slug)}
                    </p>
                  </div>
                  <div className="flex gap-1">
                    <EditorDialog
                      trigger={
                        <Button variant="outline" size="icon" className="size-10" aria-label={catalogEditorCopy.categoriesPage.editOf(category.name)}>
                          <Pencil aria-hidden />
                        </Button>
                      }
                      title={catalogEditorCopy.categoriesPage.editOf(category.name)}
                      description={catalogEditorCopy.categoriesPage.editDescription}
                    >
                      {(done) => <CategoryForm category={category} nextPosition={category.sortOrder} onDone={done} />}
                    </EditorDialog>
                    <EditorDialog
                      trigger={
                        <Button variant="outline" size="icon" className="size-10" aria-label={catalogEditorCopy.categoriesPage.addSubcategoryTo(category.name)}>
                          <Plus aria-hidden />
                        </Button>
                      }
                      title={catalogEditorCopy.categoriesPage.newSubcategoryOf(category.name)}
                      description={catalogEditorCopy.categoriesPage.newSubcategoryDescription}
                    >
                      {(done) => <SubcategoryForm categories={list} categoryId={category.id} onDone={done} />}
                    </EditorDialog>
                  </div>
                </div>
                {category.subcategories.length > 0 ? (
                  <ol className="flex flex-wrap gap-2" aria-label={catalogEditorCopy.categoriesPage.subcategoriesOf(category.name)}>
                    {category.subcategories.map((subcategory) => (
                      <li key={subcategory.id}>
                        <EditorDialog
                          trigger={
                            <Button variant="secondary" size="lg" aria-label={catalogEditorCopy.categoriesPage.editSubcategoryOf(subcategory.name)}>
                              {subcategory.name}
                              <Pencil className="size-3" aria-hidden />
                            </Button>
                          }
                          title={catalogEditorCopy.categoriesPage.editOf(subcategory.name)}
                          description={catalogEditorCopy.categoriesPage.editSubcategoryDescription}
                        >
                          {(done) => <SubcategoryForm categories={list} categoryId={category.id} subcategory={subcategory} onDone={done} />}
                        </EditorDialog>
                      </li>
                    ))}
                  </ol>
                ) : (
                  <p className="text-sm text-muted-foreground">{catalogEditorCopy.categoriesPage.noSubcategories}</p>
                )}
              </li>
            ))}
          </ol>
        )}
      </ListState>
    </DashboardPage>
  );
}
