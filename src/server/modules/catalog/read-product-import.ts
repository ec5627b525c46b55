import Papa from 'papaparse';
import {
  MAX_IMPORT_ROWS,
  productColumns,
  requiredColumns,
  shelfColumn,
  shelfFields,
  type ImportIssue,
  type ProductColumn,
  type ShelfField,
} from '@/shared/contracts/catalog-import';
import { hasControlCharacters } from '@/shared/contracts/common';
import { importCopy } from '@/shared/staff-copy';
import { AppError } from '../../lib/errors';

const refusals = importCopy.refusals;

/** What an import is checked against: the catalog's categories and every warehouse. */
export interface ImportReferences {
  categories: { id: string; name: string; slug: string; subcategories: { id: string; name: string; slug: string }[] }[];
  warehouses: { id: string; name: string }[];
}

export interface ImportedShelf {
  warehouseId: string;
  price: number;
  /** Left out: a new shelf starts empty, an existing one keeps its stock. */
  stockQuantity?: number;
  /** Left out: a new shelf is on sale, an existing one keeps its flag. */
  active?: boolean;
}

/** A good row, ready to write. Fields whose column the file leaves out are undefined: the catalog keeps them. */
export interface ImportedProduct {
  row: number;
  sku: string;
  name: string;
  categoryId: string;
  subcategoryId?: string | null;
  brand?: string;
  unit?: string;
  shortDescription?: string;
  description?: string;
  images?: string[];
  shelves: ImportedShelf[];
}

export interface ReadImport {
  warehouses: string[];
  /** Every data row, good or not, in file order. */
  rows: { row: number; sku: string; name: string; category: string; shelves: number; product: ImportedProduct | null }[];
  issues: ImportIssue[];
}

const textLimits: Record<Exclude<ProductColumn, 'category' | 'subcategory' | 'image_urls'>, number> = {
  sku: 64,
  name: 200,
  brand: 100,
  unit: 50,
  short_description: 300,
  description: 5000,
};
const MAX_IMAGES = 10;
const MAX_IMAGE_URL = 500;
const MAX_PRICE_CENTS = 1_000_000;
const MAX_STOCK = 1_000_000;
const skuPattern = /^[A-Za-z0-9._-]+$/;
const imageUrlPattern = /^(https:\/\/[^\s|]+|\/[^\s|/][^\s|]*)$/;
const truthy = new Set(['true', 'yes', '1']);
const falsy = new Set(['false', 'no', '0']);

const key = (value: string) => value.trim().toLowerCase();

interface ShelfColumns {
  warehouseId: string;
  warehouseName: string;
  columns: Partial<Record<ShelfField, number>>;
  names: Partial<Record<ShelfField, string>>;
}

/** Works out what each header cell is; problems of the header are row 1's. */
function readHeader(header: string[], references: ImportReferences, issues: ImportIssue[]) {
  const productIndex = new Map<ProductColumn, number>();
  const shelves = new Map<string, ShelfColumns>();
  const warehouseByName = new Map(references.warehouses.map((warehouse) => [key(warehouse.name), warehouse]));
  const seen = new Set<string>();
  header.forEach((cell, index) => {
    const name = cell.trim();
    if (seen.has(key(name))) return issues.push({ row: 1, column: name, message: refusals.duplicateColumn });
    seen.add(key(name));
    const product = productColumns.find((column) => column === key(name));
    if (product) return productIndex.set(product, index);
    const [field, ...rest] = name.split(':');
    const shelfField = shelfFields.find((candidate) => candidate === key(field ?? ''));
    if (!shelfField || rest.length === 0) return issues.push({ row: 1, column: name || `#${index + 1}`, message: refusals.unknownColumn });
    const warehouseName = rest.join(':').trim();
    const warehouse = warehouseByName.get(key(warehouseName));
    if (!warehouse) return issues.push({ row: 1, column: name, message: refusals.unknownWarehouse(warehouseName) });
    const shelf = shelves.get(warehouse.id) ?? { warehouseId: warehouse.id, warehouseName: warehouse.name, columns: {}, names: {} };
    shelf.columns[shelfField] = index;
    shelf.names[shelfField] = name;
    shelves.set(warehouse.id, shelf);
  });
  for (const column of requiredColumns) {
    if (!productIndex.has(column)) issues.push({ row: 1, column, message: refusals.missingColumn });
  }
  const warehouses = references.warehouses.filter((warehouse) => shelves.has(warehouse.id)).map((warehouse) => warehouse.name);
  return { productIndex, shelves: [...shelves.values()], warehouses };
}

/** A whole number of cents or units within bounds, written as digits only. */
function wholeNumber(value: string): number | null {
  return /^\d{1,9}$/.test(value) ? Number(value) : null;
}

/**
 * Reads an import file (CSV, header first) and checks every row against the catalog: every problem
 * is listed with its row (the header is row 1) and column, and a row is good only when all of its
 * cells are. Nothing is written here.
 */
export function readProductImport(csv: string, references: ImportReferences): ReadImport {
  // One line ending throughout: rows typed onto a downloaded template may end differently from its own.
  const parsed = Papa.parse<string[]>(csv.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n'), { header: false, skipEmptyLines: false, newline: '\n' });
  const records = parsed.data;
  // A file that ends with a line break leaves one empty record; blank lines in between are skipped too.
  const isBlank = (record: string[]) => record.every((cell) => cell.trim() === '');
  const dataCount = records.slice(1).filter((record) => !isBlank(record)).length;
  if (records.length === 0 || isBlank(records[0]!)) throw new AppError({ kind: 'VALIDATION_FAILED', message: refusals.noRows, fields: { csv: refusals.noRows } });
  if (dataCount === 0) throw new AppError({ kind: 'VALIDATION_FAILED', message: refusals.noRows, fields: { csv: refusals.noRows } });
  if (dataCount > MAX_IMPORT_ROWS) {
    const message = refusals.tooManyRows(MAX_IMPORT_ROWS);
    throw new AppError({ kind: 'VALIDATION_FAILED', message, fields: { csv: message } });
  }

  const issues: ImportIssue[] = [];
  const header = readHeader(records[0]!, references, issues);
  const rows: ReadImport['rows'] = [];
  if (issues.some((issue) => issue.message === refusals.missingColumn)) return { warehouses: header.warehouses, rows, issues };

  const unreadable = new Set(parsed.errors.filter((error) => error.type === 'Quotes' && error.row !== undefined).map((error) => error.row!));
  const categoryByKey = new Map(references.categories.flatMap((category) => [[key(category.slug), category], [key(category.name), category]] as const));
  const firstRowOfSku = new Map<string, number>();

  records.forEach((record, index) => {
    if (index === 0 || isBlank(record)) return;
    const row = index + 1;
    const rowIssues: ImportIssue[] = [];
    const problem = (column: string | null, message: string) => rowIssues.push({ row, column, message });
    const cell = (column: ProductColumn) => {
      const at = header.productIndex.get(column);
      return at === undefined ? undefined : (record[at] ?? '').trim();
    };
    const summary = { row, sku: cell('sku') ?? '', name: cell('name') ?? '', category: cell('category') ?? '', shelves: 0 };

    if (unreadable.has(index)) problem(null, refusals.unreadable);
    else if (record.length !== records[0]!.length) problem(null, refusals.fieldCount(record.length, records[0]!.length));
    if (rowIssues.length > 0) {
      issues.push(...rowIssues);
      rows.push({ ...summary, product: null });
      return;
    }

    const text = (column: Exclude<ProductColumn, 'category' | 'subcategory' | 'image_urls'>, required = false) => {
      const value = cell(column);
      if (value === undefined) return undefined;
      if (required && value === '') problem(column, refusals.required);
      else if (value.length > textLimits[column]) problem(column, refusals.tooLong(textLimits[column]));
      else if (hasControlCharacters(value, { multiline: column === 'description' })) problem(column, refusals.controlCharacters);
      return value;
    };
    const sku = text('sku', true) ?? '';
    if (sku !== '' && !rowIssues.some((issue) => issue.column === 'sku')) {
      if (!skuPattern.test(sku)) problem('sku', refusals.skuFormat);
      else if (firstRowOfSku.has(sku)) problem('sku', refusals.duplicateSku(firstRowOfSku.get(sku)!));
      else firstRowOfSku.set(sku, row);
    }
    const name = text('name', true) ?? '';
    const brand = text('brand');
    const unit = text('unit');
    const shortDescription = text('short_description');
    const description = text('description');

    const categoryName = cell('category') ?? '';
    const category = categoryByKey.get(key(categoryName));
    if (categoryName === '') problem('category', refusals.required);
    else if (!category) problem('category', refusals.unknownCategory(categoryName));
    const subcategoryName = cell('subcategory');
    let subcategoryId: string | null | undefined;
    if (subcategoryName !== undefined && subcategoryName !== '' && category) {
      const subcategory = category.subcategories.find((candidate) => key(candidate.slug) === key(subcategoryName) || key(candidate.name) === key(subcategoryName));
      if (!subcategory) problem('subcategory', refusals.unknownSubcategory(subcategoryName));
      subcategoryId = subcategory?.id;
    } else if (subcategoryName === '') subcategoryId = null;

    const imageCell = cell('image_urls');
    let images: string[] | undefined;
    if (imageCell !== undefined) {
      images = imageCell === '' ? [] : imageCell.split('|').map((url) => url.trim());
      if (images.length > MAX_IMAGES) problem('image_urls', refusals.tooManyImages(MAX_IMAGES));
      else if (images.some((url) => url.length > MAX_IMAGE_URL || !imageUrlPattern.test(url) || hasControlCharacters(url))) problem('image_urls', refusals.imageUrl);
    }

    const shelves: ImportedShelf[] = [];
    for (const shelf of header.shelves) {
      const value = (field: ShelfField) => (shelf.columns[field] === undefined ? '' : (record[shelf.columns[field]] ?? '').trim());
      const [priceCell, stockCell, activeCell] = [value('price_cents'), value('stock'), value('active')];
      if (priceCell === '' && stockCell === '' && activeCell === '') continue;
      // A missing price column is named as the file would have to name it.
      const column = (field: ShelfField) => shelf.names[field] ?? shelfColumn(field, shelf.warehouseName);
      if (priceCell === '') {
        problem(column('price_cents'), refusals.shelfNeedsPrice);
        continue;
      }
      const price = wholeNumber(priceCell);
      if (price === null || price <= 0) problem(column('price_cents'), refusals.price);
      else if (price > MAX_PRICE_CENTS) problem(column('price_cents'), refusals.priceTooHigh(MAX_PRICE_CENTS));
      let stockQuantity: number | undefined;
      if (stockCell !== '') {
        const stock = wholeNumber(stockCell);
        if (stock === null) problem(column('stock'), refusals.stock);
        else if (stock > MAX_STOCK) problem(column('stock'), refusals.stockTooHigh(MAX_STOCK));
        else stockQuantity = stock;
      }
      let active: boolean | undefined;
      if (activeCell !== '') {
        if (truthy.has(key(activeCell))) active = true;
        else if (falsy.has(key(activeCell))) active = false;
        else problem(column('active'), refusals.active);
      }
      if (price !== null) shelves.push({ warehouseId: shelf.warehouseId, price, stockQuantity, active });
    }
    summary.shelves = shelves.length;

    issues.push(...rowIssues);
    const good = rowIssues.length === 0 && category !== undefined;
    rows.push({
      ...summary,
      product: good
        ? { row, sku, name, categoryId: category.id, subcategoryId, brand, unit, shortDescription, description, images, shelves }
        : null,
    });
  });
  return { warehouses: header.warehouses, rows, issues };
}
