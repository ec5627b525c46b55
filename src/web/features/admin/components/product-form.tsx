import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { productInput, type AdminProduct } from '@/shared/contracts/catalog-admin';
import { Button } from '@/web/components/ui/button';
import { FormField, TextAreaField } from '@/web/components/ui/form-field';
import { Label } from '@/web/components/ui/label';
import { NativeSelect } from '@/web/components/ui/native-select';
import { useServerFieldErrors } from '@/web/lib/use-server-field-errors';
import { adminCategoriesQuery, useSaveProduct } from '../api/catalog';
import { freshSubmit, validateWith } from './catalog-form-helpers';
import { ProductImagesField } from './product-images-field';
import { catalogEditorCopy } from '@/shared/staff-copy';

interface ProductFields {
  name: string;
  sku: string;
  brand: string;
  unit: string;
  shortDescription: string;
  description: string;
  categoryId: string;
  subcategoryId: string;
  images: string[];
}

/** A product's own details and pictures; creating one answers the new product to `onSaved`. */
export function ProductForm({ product, onSaved }: { product?: AdminProduct; onSaved?: (product: AdminProduct) => void }) {
  const save = useSaveProduct();
  const categories = useQuery(adminCategoriesQuery);
  const form = useForm<ProductFields>({
    defaultValues: {
      name: product?.name ?? '',
      sku: product?.sku ?? '',
      brand: product?.brand ?? '',
      unit: product?.unit ?? '',
      shortDescription: product?.shortDescription ?? '',
      description: product?.description ?? '',
      categoryId: product?.categoryId ?? '',
      subcategoryId: product?.subcategoryId ?? '',
      images: product?.images ?? [],
    },
  });
  useServerFieldErrors(save.error, form.setError);
  const { errors } = form.formState;
  const categoryFieldId = useId();
  const subcategoryFieldId = useId();
  const categoryId = useWatch({ control: form.control, name: 'categoryId' });
  const subcategoryId = useWatch({ control: form.control, name: 'subcategoryId' });
  const images = useWatch({ control: form.control, name: 'images' });
  const subcategories = categories.data?.find((category) => category.id === categoryId)?.subcategories ?? [];

  function submit(values: ProductFields) {
    const input = validateWith(productInput, { ...values, subcategoryId: values.subcategoryId || null }, form.setError);
    if (!input) return;
    save.mutate({ id: product?.id, input }, { onSuccess: (saved) => onSaved?.(saved) });
  }

  return (
    <form className="grid gap-4" noValidate aria-label={product ? catalogEditorCopy.productForm.label : catalogEditorCopy.productForm.newLabel} onSubmit={freshSubmit(form, submit)}>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={catalogEditorCopy.common.name} error={errors.name?.message} {...form.register('name')} />
        <FormField label={catalogEditorCopy.productForm.sku} autoComplete="off" error={errors.sku?.message} {...form.register('sku')} />
        <FormField label={catalogEditorCopy.productForm.brand} error={errors.brand?.message} {...form.register('brand')} />
        <FormField label={catalogEditorCopy.productForm.unit} placeholder={catalogEditorCopy.productForm.unitPlaceholder} error={errors.unit?.message} {...form.register('unit')} />
        <div className="grid gap-1.5">
          <Label htmlFor={categoryFieldId}>{catalogEditorCopy.common.category}</Label>
          <NativeSelect
            id={categoryFieldId}
            aria-invalid={errors.categoryId ? true : undefined}
            aria-describedby={errors.categoryId ? `${categoryFieldId}-message` : undefined}
            {...form.register('categoryId', { onChange: () => form.setValue('subcategoryId', '') })}
            // Held by the form's value: the list of categories may arrive after the product, and a select shows
            // a value only once it has that option.
            value={categoryId}
          >
            <option value="">{catalogEditorCopy.common.choose}</option>
            {categories.data?.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </NativeSelect>
          {errors.categoryId ? (
            <p id={`${categoryFieldId}-message`} role="alert" className="text-sm text-destructive">
              {errors.categoryId.message === 'Must be a valid id' ? catalogEditorCopy.common.chooseCategory : errors.categoryId.message}
            </p>
          ) : null}
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={subcategoryFieldId}>{catalogEditorCopy.common.subcategory}</Label>
          <NativeSelect
            id={subcategoryFieldId}
            aria-invalid={errors.subcategoryId ? true : undefined}
            aria-describedby={errors.subcategoryId ? `${subcategoryFieldId}-message` : undefined}
            {...form.register('subcategoryId')}
            value={subcategoryId}
          >
            <option value="">{catalogEditorCopy.productForm.none}</option>
            {subcategories.map((subcategory) => (
              <option key={subcategory.id} value={subcategory.id}>
                {subcategory.name}
              </option>
            ))}
          </NativeSelect>
          {errors.subcategoryId ? (
            <p id={`${subcategoryFieldId}-message`} role="alert" className="text-sm text-destructive">
              {errors.subcategoryId.message}
            </p>
          ) : null}
        </div>
      </div>
      <FormField label={catalogEditorCopy.productForm.shortDescription} error={errors.shortDescription?.message} {...form.register('shortDescription')} />
      <TextAreaField label={catalogEditorCopy.common.description} rows={4} error={errors.description?.message} {...form.register('description')} />
      <ProductImagesField
        images={images}
        drawnPicture={product && product.images.length === 0 ? product.picture : undefined}
        onChange={(next) => form.setValue('images', next, { shouldDirty: true })}
        error={errors.images?.message ?? images.map((_, index) => errors.images?.[index]?.message).find(Boolean)}
      />
      <div>
        <Button type="submit" size="lg" busy={save.isPending}>
          {save.isPending ? catalogEditorCopy.common.saving : product ? catalogEditorCopy.productForm.save : catalogEditorCopy.productForm.create}
        </Button>
      </div>
    </form>
  );
}
